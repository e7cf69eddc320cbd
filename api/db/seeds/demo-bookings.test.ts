import { defaultPricingConfig } from '@twinclean/shared/pricing-config';
import { chicagoInstant, slotProblem, TIME_SLOTS } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import { demoBookings } from './demo-bookings';
import { demoClockIn, demoClockOut } from './demo-day';

// The demo must look like a working day whenever it is seeded: every visit in a bookable slot,
// nothing in progress outside working hours, nothing finished in the future.

const at = (time: string) => chicagoInstant('2026-11-24', time);

// Seeded at night, before work, at its start, mid-morning, late afternoon, evening, late night.
const NOWS = ['01:00', '07:59', '08:05', '10:00', '16:30', '18:30', '23:00'].map(
  (time) => [`${time} Chicago`, at(time)] as const,
);

const seeded = (now: Date) =>
  demoBookings(now, defaultPricingConfig).map(({ id, row, lifecycle }) => {
    const scheduledAt = row.scheduledAt as Date;
    const clockIn = demoClockIn(scheduledAt);
    const clockOut = demoClockOut(clockIn, (row.totalHours as number | null) ?? 2);
    return { id, row, state: lifecycle.state, scheduledAt, clockIn, clockOut };
  });

describe('the demo bookings', () => {
  it.each(NOWS)('sit in bookable slots on Chicago days, seeded at %s', (_, now) => {
    for (const { id, row, scheduledAt } of seeded(now)) {
      const { scheduledDate, scheduledTime } = row as {
        scheduledDate: string;
        scheduledTime: string;
      };
      expect(TIME_SLOTS, `${id} at ${scheduledTime}`).toContain(scheduledTime);
      expect(scheduledAt, id).toEqual(chicagoInstant(scheduledDate, scheduledTime));
    }
  });

  it.each(NOWS)(
    'are open, assigned, in progress or done as the clock says, seeded at %s',
    (_, now) => {
      for (const { id, row, state, scheduledAt, clockIn, clockOut } of seeded(now)) {
        const { scheduledDate, scheduledTime } = row as {
          scheduledDate: string;
          scheduledTime: string;
        };
        if (state === 'open') expect(slotProblem(scheduledDate, scheduledTime, now), id).toBeNull();
        if (state === 'assigned') expect(scheduledAt.getTime(), id).toBeGreaterThan(now.getTime());
        if (state === 'in_progress') {
          expect(clockIn.getTime(), id).toBeLessThanOrEqual(now.getTime());
          expect(clockOut.getTime(), id).toBeGreaterThan(now.getTime());
        }
        if (state === 'completed')
          expect(clockOut.getTime(), id).toBeLessThanOrEqual(now.getTime());
      }
    },
  );

  it('has a job in progress during working hours only', () => {
    const working = (now: Date) => seeded(now).filter((b) => b.state === 'in_progress');
    for (const time of ['08:05', '10:00', '16:30']) expect(working(at(time)), time).toHaveLength(1);
    for (const time of ['01:00', '07:59', '23:00']) expect(working(at(time)), time).toEqual([]);
  });

  it('keeps the same bookings whenever it is seeded', () => {
    const ids = (now: Date) => seeded(now).map((b) => b.id);
    for (const [, now] of NOWS) expect(ids(now)).toEqual(ids(at('10:00')));
  });
});
