import type { payoutFiltersSchema } from '@twinclean/shared/admin';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import { fullNameSql } from '../../core/sql';

// The payouts' admin table and export: each payout with its provider, job, punch points and who
// paid it.

export type PayoutFilters = z.output<typeof payoutFiltersSchema>;

export type PayoutRow = {
  id: string;
  providerId: string;
  bookingId: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  hoursWorked: string | number;
  hoursPaid: string | number;
  hourlyRateCents: number;
  sharePercent: number | null;
  waitPayCents: number;
  bonusCents: number;
  totalAmountCents: number;
  /** The visit's tips net of refunds (p.*), a line of its own. */
  tipCents: number;
  /** How much of it Mark Paid paid out (p.*). */
  tipPaidCents: number;
  status: 'pending' | 'paid';
  geofenceVerified: boolean;
  reviewReason: string | null;
  serviceType: ServiceType;
  priceIsFinal: boolean;
  inLatitude: number | null;
  inLongitude: number | null;
  outLatitude: number | null;
  outLongitude: number | null;
  paidAt: Date | null;
  paidByName: string | null;
  /** The transfer that pays its pay (p.transfer_id), with its week and state. */
  transferId: string | null;
  transferWeekStart: string | null;
  transferStatus: 'pending' | 'paid' | 'failed' | 'canceled' | null;
  /** A transfer not yet sent holds its pay or tip. */
  heldByTransfer: boolean;
  createdAt: Date;
};

/** Whether a transfer not yet sent (pending or failed) holds a line of payout `p`. */
export const heldByTransferSql = `EXISTS (
  SELECT 1 FROM payout_transfer_lines l JOIN payout_transfers t ON t.id = l.transfer_id
  WHERE l.payout_id = p.id AND t.status IN ('pending', 'failed'))`;

function payoutRows(db: Knex) {
  return db('payouts as p')
    .join('users as u', 'u.id', 'p.providerId')
    .join('bookings as b', 'b.id', 'p.bookingId')
    .leftJoin('providerEvents as ci', 'ci.id', 'p.clockInEventId')
    .leftJoin('providerEvents as co', 'co.id', 'p.clockOutEventId')
    .leftJoin('users as payer', 'payer.id', 'p.paidBy')
    .leftJoin('payoutTransfers as t', 't.id', 'p.transferId')
    .select(
      'p.*',
      'u.firstName',
      'u.lastName',
      'b.address',
      'b.city',
      'b.serviceType',
      'b.priceIsFinal',
      'b.state',
      'ci.latitude as inLatitude',
      'ci.longitude as inLongitude',
      'co.latitude as outLatitude',
      'co.longitude as outLongitude',
      db.raw(`${fullNameSql('payer')} AS paid_by_name`),
      't.weekStart as transferWeekStart',
      't.status as transferStatus',
      db.raw(`${heldByTransferSql} AS held_by_transfer`),
    );
}

const NEWEST_FIRST = [
  { column: 'p.createdAt', order: 'desc' },
  { column: 'p.id', order: 'desc' },
] as const;

const filtered = (query: Knex.QueryBuilder, filters: PayoutFilters) =>
  query
    .modify((q) => (filters.status ? q.where('p.status', filters.status) : q))
    .modify((q) => (filters.providerId ? q.where('p.providerId', filters.providerId) : q));

/** Page `page` of the payouts the filters choose, the newest first. */
export function payoutPage(db: Knex, filters: PayoutFilters, page: number): Promise<PayoutRow[]> {
  return filtered(payoutRows(db), filters)
    .orderBy([...NEWEST_FIRST])
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
}

/** How many payouts the filters choose. */
export async function payoutCount(db: Knex, filters: PayoutFilters): Promise<number> {
  const counted = await filtered(db('payouts as p'), filters).count({ n: '*' }).first();
  return Number(counted?.n ?? 0);
}

/** Every payout the filters choose, the newest first. */
export function allPayoutRows(db: Knex, filters: PayoutFilters): Promise<PayoutRow[]> {
  return filtered(payoutRows(db), filters).orderBy([...NEWEST_FIRST]);
}

/** One payout as the table shows it. */
export function payoutRow(db: Knex, id: string): Promise<PayoutRow | undefined> {
  return payoutRows(db).where('p.id', id).first();
}

/** Whether a transfer not yet sent holds payout `id` (read under the caller's row lock). */
export async function payoutHeldByTransfer(db: Knex, id: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { held: boolean }[] }>(
    `SELECT ${heldByTransferSql} AS held FROM payouts p WHERE p.id = ?`,
    [id],
  );
  return rows[0]?.held ?? false;
}
