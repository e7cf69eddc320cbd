import { formatDate, formatSlot } from '@twinclean/shared/schedule';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Tuesdays at 9:00 AM": a series' day and time. */
export const rhythm = (weekday: number, time: string) =>
  `${WEEKDAYS[weekday] ?? ''}s at ${formatSlot(time)}`;

/** Running, "Paused until Jan 5, 2027" or "Canceled". */
export function seriesState(s: { pausedUntil: string | null; canceledAt: string | null }) {
  if (s.canceledAt) return 'Canceled';
  if (s.pausedUntil) return `Paused until ${formatDate(s.pausedUntil)}`;
  return 'Running';
}
