import { describe, expect, it } from 'vitest';
import { payoutFor } from './provider-pay';

describe('payoutFor', () => {
  const terms = { providerHourlyRateCents: 2500, providerSharePercent: 60 };
  const clockIn = new Date('2026-11-20T15:02:00Z');
  const clockOut = new Date('2026-11-20T18:10:00Z');
  // A 3-hour house cleaning clocked for 3 h 08 min, with $10 of wait pay.
  const house = {
    serviceType: 'house',
    clockIn,
    clockOut,
    bookedHours: 3,
    totalAmountCents: 13500,
    terms,
    waitPayCents: 1000,
    maxWaitPayCents: 10000,
  } as const;

  it('pays the clocked hours of a house cleaning to 2 decimals plus wait pay', () => {
    const payout = payoutFor(house);
    expect(payout).toEqual({
      hoursWorked: 3.13,
      hoursPaid: 3.13,
      hourlyRateCents: 2500,
      sharePercent: null,
      shareOfCents: null,
      baseAmountCents: 7825,
      waitPayCents: 1000,
      bonusCents: 0,
      totalAmountCents: 8825,
    });
  });

  it('pays an auction-board bonus on top', () => {
    const payout = payoutFor({ ...house, bonusCents: 2500 });
    expect(payout).toMatchObject({
      baseAmountCents: 7825,
      bonusCents: 2500,
      totalAmountCents: 11325,
    });
  });

  it('pays the share of a fixed-price job however long it took, plus wait pay', () => {
    for (const serviceType of ['carpet', 'laundry', 'dry_cleaning'] as const) {
      expect(
        payoutFor({
          serviceType,
          clockIn,
          clockOut,
          // Far past the booked hour and the grace hour: nothing is capped on a fixed price.
          bookedHours: 1,
          totalAmountCents: 29850,
          terms,
          waitPayCents: 500,
          maxWaitPayCents: 10000,
        }),
      ).toEqual({
        hoursWorked: 3.13,
        hoursPaid: 3.13,
        hourlyRateCents: 0,
        sharePercent: 60,
        shareOfCents: 29850,
        baseAmountCents: 17910,
        waitPayCents: 500,
        bonusCents: 0,
        totalAmountCents: 18410,
      });
    }
  });

  it('pays wait pay up to the configured maximum', () => {
    const payout = payoutFor({ ...house, waitPayCents: 5000, maxWaitPayCents: 2000 });
    expect(payout).toMatchObject({ waitPayCents: 2000, totalAmountCents: 7825 + 2000 });
  });

  it('never pays negative time when the clocks disagree', () => {
    expect(
      payoutFor({ ...house, clockOut: new Date(clockIn.getTime() - 60000), waitPayCents: 0 })
        .totalAmountCents,
    ).toBe(0);
  });
});
