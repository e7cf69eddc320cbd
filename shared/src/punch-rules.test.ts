import { describe, expect, it } from 'vitest';
import { payoutFor } from './provider-pay';
import {
  believedSpan,
  clockInRefusal,
  clockInWindow,
  clockOutWindow,
  earlyClockInHint,
  maxPaidHours,
  measuredHours,
  PUNCH_RULES,
  paidHours,
  payoutReviewReason,
  punchTime,
} from './punch-rules';

const t = (iso: string) => new Date(iso);
const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

// A 3-hour job at 09:00 Chicago (15:00Z), booked on the 20th and assigned on the 22nd.
const job = {
  scheduledAt: t('2026-11-24T15:00:00Z'),
  totalHours: 3,
  createdAt: t('2026-11-20T12:00:00Z'),
  assignedAt: t('2026-11-22T12:00:00Z'),
};

describe('clockInWindow', () => {
  it('opens 2 h before the slot and closes 12 h after the booked end', () => {
    expect(clockInWindow(job)).toEqual({
      kind: 'clock_in',
      opensAt: t('2026-11-24T13:00:00Z'),
      closesAt: t('2026-11-25T06:00:00Z'),
      notBefore: null,
    });
  });

  it('never opens before the job was assigned (5 min for clock skew), or created if never assigned', () => {
    const lastMinute = { ...job, assignedAt: t('2026-11-24T14:30:00Z') };
    expect(clockInWindow(lastMinute).opensAt).toEqual(t('2026-11-24T14:25:00Z'));
    const unassigned = { ...job, assignedAt: null, createdAt: t('2026-11-24T14:00:00Z') };
    expect(clockInWindow(unassigned).opensAt).toEqual(t('2026-11-24T13:55:00Z'));
  });

  it('opens no later than it closes, for a job handed out after its clock-ins closed', () => {
    const stale = { ...job, assignedAt: t('2026-11-26T12:00:00Z') };
    expect(clockInWindow(stale)).toMatchObject({
      opensAt: t('2026-11-25T06:00:00Z'),
      closesAt: t('2026-11-25T06:00:00Z'),
    });
  });

  it('gives a job without booked hours the 1-hour minimum', () => {
    expect(clockInWindow({ ...job, totalHours: null }).closesAt).toEqual(t('2026-11-25T04:00:00Z'));
  });
});

describe('punchTime', () => {
  const window = clockInWindow(job);
  const receivedAt = t('2026-11-24T15:30:00Z');

  it('believes a device time inside the window and not in the future', () => {
    const claimed = t('2026-11-24T14:50:00Z');
    expect(punchTime(window, claimed, receivedAt)).toEqual({
      occurredAt: claimed,
      suspicionReason: null,
    });
    // A phone up to 5 minutes fast is a phone, not a forgery.
    expect(punchTime(window, minutes(receivedAt, 5), receivedAt).suspicionReason).toBeNull();
  });

  it('records the receipt time and says why, in Chicago time, when the device time is outside the window', () => {
    for (const [claimed, shown] of [
      [t('2026-11-17T15:00:00Z'), 'Nov 17, 2026, 9:00 AM'], // days early, before the booking existed
      [minutes(window.opensAt, -1), 'Nov 24, 2026, 6:59 AM'],
      [minutes(receivedAt, 6), 'Nov 24, 2026, 9:36 AM'], // the future
      [t('2099-12-31T00:00:00Z'), 'Dec 30, 2099, 6:00 PM'],
    ] as const) {
      expect(punchTime(window, claimed, receivedAt)).toEqual({
        occurredAt: receivedAt,
        suspicionReason:
          `Device time ${shown} is outside the clock-in window ` +
          "(Nov 24, 2026, 7:00 AM to Nov 24, 2026, 9:35 AM); the server's time " +
          'Nov 24, 2026, 9:30 AM was recorded.',
      });
    }
  });

  it('flags a receipt outside the window, with or without a device time', () => {
    const early = t('2026-11-21T15:00:00Z');
    expect(punchTime(window, null, early)).toEqual({
      occurredAt: early,
      suspicionReason:
        'Received at Nov 21, 2026, 9:00 AM, outside the clock-in window ' +
        '(Nov 24, 2026, 7:00 AM to Nov 25, 2026, 12:00 AM).',
    });
    const late = t('2026-11-26T15:00:00Z');
    const believed = punchTime(window, t('2026-11-24T15:00:00Z'), late);
    expect(believed.occurredAt).toEqual(t('2026-11-24T15:00:00Z'));
    expect(believed.suspicionReason).toMatch(/^Received at Nov 26, 2026, 9:00 AM, outside/);
    expect(punchTime(window, null, receivedAt).suspicionReason).toBeNull();
  });

  it('never names a window that ends before it starts: one received before it opened believes no device time', () => {
    // Sent three days early with the phone's own time: no device time could count then.
    const early = t('2026-11-21T15:00:00Z');
    const time = punchTime(window, t('2026-11-21T14:58:00Z'), early);
    expect(time).toEqual({
      occurredAt: early,
      suspicionReason:
        'Device time Nov 21, 2026, 8:58 AM is not believed: the clock-in reached the server ' +
        "before its window opened; the server's time Nov 21, 2026, 9:00 AM was recorded. " +
        'Received at Nov 21, 2026, 9:00 AM, outside the clock-in window ' +
        '(Nov 24, 2026, 7:00 AM to Nov 25, 2026, 12:00 AM).',
    });
    expect(believedSpan(window, early)).toBeNull();
    expect(believedSpan(window, receivedAt)).toEqual({
      from: t('2026-11-24T13:00:00Z'),
      to: t('2026-11-24T15:35:00Z'),
    });
    expect(believedSpan(window, t('2026-11-26T15:00:00Z'))).toEqual({
      from: window.opensAt,
      to: window.closesAt,
    });
  });

  it('never records a clock-out before its clock-in', () => {
    const clockIn = t('2026-11-24T15:10:00Z');
    const out = clockOutWindow(job, clockIn);
    expect(out).toMatchObject({ opensAt: clockIn, closesAt: t('2026-11-25T06:00:00Z') });
    const skewed = punchTime(out, minutes(clockIn, -30), minutes(clockIn, -2));
    expect(skewed.occurredAt).toEqual(clockIn);
    expect(skewed.suspicionReason).toMatch(/outside the clock-out window/);
    const fine = punchTime(out, t('2026-11-24T18:05:00Z'), t('2026-11-24T18:06:00Z'));
    expect(fine).toEqual({ occurredAt: t('2026-11-24T18:05:00Z'), suspicionReason: null });
  });
});

describe('clockInRefusal', () => {
  // The job: Nov 30 at 10:00 Chicago (16:00Z), 3 hours, assigned days before.
  const visit = { ...job, scheduledAt: t('2026-11-30T16:00:00Z') };
  const early = {
    code: 'outside_punch_window',
    message: 'This job starts Nov 30 at 10:00 AM; you can clock in from 8:00 AM that day.',
  };
  const late = {
    code: 'outside_punch_window',
    message:
      'This job started Nov 30 at 10:00 AM; clock-ins for it closed at 1:00 AM on ' +
      'Dec 1. Ask the office to record your time.',
  };

  it('refuses a clock-in whose device time and receipt are both before the window', () => {
    const nov27 = t('2026-11-27T15:00:00Z');
    expect(clockInRefusal(visit, nov27, nov27)).toEqual(early);
    expect(clockInRefusal(visit, null, nov27)).toEqual(early);
    // A phone set days ahead, into the window, does not make the server's Nov 27 any later.
    expect(clockInRefusal(visit, t('2026-11-30T15:00:00Z'), nov27)).toEqual(early);
    expect(clockInRefusal(visit, null, t('2026-11-30T13:59:00Z'))).toEqual(early);
    expect(clockInRefusal(visit, null, t('2026-11-30T14:00:00Z'))).toBeNull();
  });

  it('names the day the window opens when it is not the job’s', () => {
    // 1:00 AM Chicago: 2 h before is 11:00 PM the evening before.
    const night = { ...visit, scheduledAt: t('2026-11-30T07:00:00Z') };
    expect(clockInRefusal(night, null, t('2026-11-27T15:00:00Z'))?.message).toBe(
      'This job starts Nov 30 at 1:00 AM; you can clock in from 11:00 PM on Nov 29.',
    );
  });

  it('refuses a clock-in received after the window closed without a device time inside it', () => {
    const dec2 = t('2026-12-02T15:00:00Z');
    expect(clockInRefusal(visit, null, dec2)).toEqual(late);
    expect(clockInRefusal(visit, dec2, dec2)).toEqual(late);
    expect(clockInRefusal(visit, t('2026-11-24T15:00:00Z'), dec2)).toEqual(late);
    expect(clockInRefusal(visit, null, t('2026-12-01T07:00:00Z'))).toBeNull();
    expect(clockInRefusal(visit, null, t('2026-12-01T07:00:01Z'))).toEqual(late);
  });

  it('keeps a device time inside the window however late it syncs, and flags only odd times', () => {
    const worked = t('2026-11-30T15:50:00Z');
    expect(clockInRefusal(visit, worked, t('2026-12-09T12:00:00Z'))).toBeNull();
    expect(clockInRefusal(visit, worked, minutes(worked, 1))).toBeNull();
    // Received inside the window: the server's time is recorded and flagged, as before.
    expect(clockInRefusal(visit, t('2026-11-27T15:00:00Z'), worked)).toBeNull();
  });
});

describe('earlyClockInHint', () => {
  const scheduledAt = t('2026-11-30T16:00:00Z');

  it('tells a phone that reads too early when clocking in opens, and nothing after', () => {
    expect(earlyClockInHint(scheduledAt, t('2026-11-27T15:00:00Z'))).toBe(
      'You can clock in from 8:00 AM on Nov 30.',
    );
    expect(earlyClockInHint(scheduledAt, t('2026-11-30T14:00:00Z'))).toBeNull();
    expect(earlyClockInHint(new Date(Number.NaN), t('2026-11-27T15:00:00Z'))).toBeNull();
  });
});

describe('paid hours', () => {
  it('measures to 2 decimals, never negative, never more than payouts.hours_worked holds', () => {
    const at = t('2026-11-24T15:00:00Z');
    expect(measuredHours(at, minutes(at, 188))).toBe(3.13);
    expect(measuredHours(at, minutes(at, -60))).toBe(0);
    expect(measuredHours(t('2000-01-01T00:00:00Z'), t('2099-12-31T00:00:00Z'))).toBe(
      PUNCH_RULES.maxMeasuredHours,
    );
  });

  it('pays at most the booked hours + 1 until an admin approves more', () => {
    expect(maxPaidHours(2)).toBe(3);
    expect(maxPaidHours(2.5)).toBe(3.5);
    expect(maxPaidHours(null)).toBe(2);
    expect(paidHours(2.9, 2)).toBe(2.9);
    expect(paidHours(167.02, 2)).toBe(3);
  });

  it('pays the capped hours in the payout and keeps the measured ones', () => {
    const clockIn = t('2026-11-17T15:00:00Z');
    const pay = payoutFor({
      serviceType: 'house',
      clockIn,
      clockOut: minutes(clockIn, 167 * 60 + 1),
      bookedHours: 2,
      totalAmountCents: 9000,
      terms: { providerHourlyRateCents: 2500, providerSharePercent: 60 },
      waitPayCents: 500,
      maxWaitPayCents: 10000,
    });
    expect(pay).toEqual({
      hoursWorked: 167.02,
      hoursPaid: 3,
      hourlyRateCents: 2500,
      sharePercent: null,
      shareOfCents: null,
      baseAmountCents: 7500,
      waitPayCents: 500,
      bonusCents: 0,
      totalAmountCents: 8000,
    });
  });

  it('sends a payout to review when hours were capped or a punch was flagged, else not', () => {
    const base = { totalHours: 2, clockInSuspicion: null, clockOutSuspicion: null };
    expect(payoutReviewReason({ ...base, hoursWorked: 3, hoursPaid: 3 })).toBeNull();
    expect(payoutReviewReason({ ...base, hoursWorked: 6.01, hoursPaid: 3 })).toBe(
      '6.01 h clocked, 3 h paid (2 h booked + 1 h); the rest waits for an admin.',
    );
    expect(
      payoutReviewReason({ ...base, hoursWorked: 2, hoursPaid: 2, clockInSuspicion: 'Odd.' }),
    ).toBe('Clock-in flagged: Odd.');
  });
});
