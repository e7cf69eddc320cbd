import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';

export type WeeklySlot = { dayOfWeek: number; startTime: string; endTime: string };

const MINUTES = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Hours a week the slots cover (overlapping slots counted once per day). */
export function weeklyHours(slots: readonly WeeklySlot[]): number {
  let minutes = 0;
  for (let day = 0; day < 7; day++) {
    let reached = 0;
    const today = slots
      .filter((s) => s.dayOfWeek === day)
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
    for (const slot of today) {
      const start = Math.max(MINUTES(slot.startTime), reached);
      const end = MINUTES(slot.endTime);
      if (end > start) minutes += end - start;
      reached = Math.max(reached, end);
    }
  }
  return minutes / 60;
}

/**
 * When the provider is next available by their weekly slots, in Minneapolis time: `now` when a
 * slot holds it, else the next slot's start; null without slots.
 */
export function nextAvailableAt(slots: readonly WeeklySlot[], now: Date): Date | null {
  const today = chicagoDate(now);
  // Eight days: today's slots may have ended, and next week's same day is the latest answer.
  for (let offset = 0; offset <= 7; offset++) {
    const date = addDays(today, offset);
    const day = new Date(`${date}T12:00:00Z`).getUTCDay();
    const starts = slots
      .filter((s) => s.dayOfWeek === day)
      .map((s) => ({
        start: chicagoInstant(date, s.startTime),
        end: chicagoInstant(date, s.endTime),
      }))
      .filter((s) => s.end > now)
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    const first = starts[0];
    if (first) return first.start > now ? first.start : now;
  }
  return null;
}
