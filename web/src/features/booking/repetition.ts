import { formatSlot } from '@twinclean/shared/schedule';
import type { Frequency } from '@twinclean/shared/series';
import { FREQUENCY_LABELS } from '@twinclean/shared/series';

const WEEKDAYS = [
  'Sundays',
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
] as const;

/**
 * "Every 2 weeks on Tuesdays at 9:00 AM": how a series repeats, from its first visit's date
 * and time; null for a one-time booking or before a date and time are chosen.
 */
export function repetitionText(frequency: Frequency | undefined, date: string, time: string) {
  if (!frequency || frequency === 'once' || !date || !time) return null;
  // The calendar day of the date, whatever the browser's time zone.
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return `${FREQUENCY_LABELS[frequency]} on ${WEEKDAYS[weekday]} at ${formatSlot(time)}`;
}

/** A series' visits are charged one by one, never with a deposit (DECISIONS.md). */
export const SERIES_CHARGE_NOTE =
  'No deposit: each visit is charged to your saved card 12 hours before.';
