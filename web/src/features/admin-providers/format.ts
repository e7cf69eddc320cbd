import type { AdminProviderRow } from '@twinclean/shared/admin-people';
import { formatInstant } from '@twinclean/shared/schedule';

export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Spec 2 "Rating shows N/A when absent". */
export const formatRating = (rating: number | null) =>
  rating === null ? 'N/A' : rating.toFixed(1);

/** "Mon, Wed · 12 h a week", or that there is none. */
export function availabilitySummary({ days, weeklyHours }: AdminProviderRow['availability']) {
  if (days.length === 0) return 'No availability set';
  return `${days.map((d) => DAY_NAMES[d]).join(', ')} · ${weeklyHours} h a week`;
}

/** "Available now" or when the next slot starts. */
export function nextAvailable(at: string | null, now = new Date()) {
  if (at === null) return null;
  return new Date(at).getTime() <= now.getTime() ? 'Available now' : `Next ${formatInstant(at)}`;
}

/** Payout hours to 2 decimals (spec 2 "Display"). */
export const formatHours = (hours: number) => `${hours.toFixed(2)} h`;
