import { formatWireDollars } from '@twinclean/shared/money';
import {
  type AdminTransfer,
  TRANSFER_STATUS_LABELS,
  type TransferStatus,
} from '@twinclean/shared/payout-transfers';
import { addDays, formatDate, formatInstant } from '@twinclean/shared/schedule';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

// How /admin/transfers writes a weekly transfer: the providers' words for its status
// (TRANSFER_STATUS_LABELS), with what only the admin needs beside them.

/** A delayed transfer is the one that needs someone; a sent one is done. */
export const TRANSFER_STATUS_TONES: Record<TransferStatus, BadgeTone> = {
  pending: 'brand',
  paid: 'success',
  failed: 'danger',
  canceled: 'neutral',
};

/** The status filter's choices, in the order a transfer goes through them. */
export const STATUS_CHOICES = (Object.keys(TRANSFER_STATUS_LABELS) as TransferStatus[]).map(
  (value) => ({ value, label: TRANSFER_STATUS_LABELS[value] }),
);

/** "Week of Nov 23, 2026" for the Monday a week starts on. */
export const weekOf = (weekStart: string) => `Week of ${formatDate(weekStart)}`;

/** The Monday of the week a day falls in: the week filter takes any day of it. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** An amount that is often nothing: a dash for $0.00, so the rare one stands out. */
export const dollarsOrDash = (dollars: string) =>
  dollars === '0.00' ? '—' : formatWireDollars(dollars);

/** An instant or a day the transfer may not have yet. */
export const instantOrDash = (iso: string | null) => (iso ? formatInstant(iso) : '—');
export const dateOrDash = (date: string | null) => (date ? formatDate(date) : '—');

/** Retry now: only a refused transfer waits for a later try. */
export const canRetry = (t: Pick<AdminTransfer, 'status'>) => t.status === 'failed';

/**
 * Cancel (owners): a transfer not sent yet. The server still refuses one being sent right now or
 * one the gateway turns out to have made, and says so.
 */
export const canCancel = (t: Pick<AdminTransfer, 'status'>) =>
  t.status === 'failed' || t.status === 'pending';

/** "Tried 3 times; next try Dec 1, 2026, 9:00 AM" for a delayed transfer, else null. */
export function nextTry(t: Pick<AdminTransfer, 'status' | 'attempts' | 'nextAttemptAt'>) {
  if (t.status !== 'failed') return null;
  const tried = `Tried ${t.attempts} ${t.attempts === 1 ? 'time' : 'times'}`;
  return t.nextAttemptAt ? `${tried}; next try ${formatInstant(t.nextAttemptAt)}` : tried;
}

/** The provider's name as the tables write it. */
export const providerName = (t: Pick<AdminTransfer, 'provider'>) =>
  `${t.provider.firstName} ${t.provider.lastName}`;
