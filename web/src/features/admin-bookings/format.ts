import type { BookingStatus } from '@twinclean/shared/booking-status';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

// How the admin tables write things (spec 2 "Admin bookings").

/** Room keys and statuses with their underscores turned into spaces: "full bathroom 1". */
export const words = (key: string) => key.replaceAll('_', ' ');

/** Completed in the default style, canceled in the destructive one, every other outlined. */
export const statusTone = (status: BookingStatus): BadgeTone =>
  status === 'completed' ? 'brand' : status === 'canceled' ? 'danger' : 'neutral';

/** Hours to one decimal. */
export const formatHours = (hours: number | null) => (hours === null ? '—' : hours.toFixed(1));

const count = new Intl.NumberFormat('en-US');
/** "26–50 of 1,204": the rows on screen and how many match. */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  if (first > total) return `0 of ${count.format(total)}`;
  return `${count.format(first)}–${count.format(last)} of ${count.format(total)}`;
}
