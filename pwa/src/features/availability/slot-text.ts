import { formatSlot } from '@twinclean/shared/schedule';

/** dayOfWeek 0–6, Sunday first, as the availability cards are ordered. */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** "9:00 AM - 5:00 PM": slots read in 12-hour time (spec 2 §2). */
export const slotRange = (slot: { startTime: string; endTime: string }) =>
  `${formatSlot(slot.startTime)} - ${formatSlot(slot.endTime)}`;
