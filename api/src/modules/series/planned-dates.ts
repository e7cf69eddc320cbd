import { addDays } from '@twinclean/shared/schedule';

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * The series' planned dates from `from` through `to` (both 'YYYY-MM-DD', inclusive): the anchor
 * plus whole multiples of the interval, never before the anchor. Calendar days, not instants:
 * a 09:00 visit stays 09:00 in Chicago across a DST change (the time is applied per date).
 */
export function plannedDates(
  anchorDate: string,
  intervalWeeks: number,
  from: string,
  to: string,
): string[] {
  const step = intervalWeeks * 7;
  const start = Math.max(0, Math.ceil((dayNumber(from) - dayNumber(anchorDate)) / step));
  const dates: string[] = [];
  for (let k = start; ; k++) {
    const date = addDays(anchorDate, k * step);
    if (date > to) return dates;
    dates.push(date);
  }
}
