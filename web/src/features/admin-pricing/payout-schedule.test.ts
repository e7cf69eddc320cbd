import { pricingValuesSchema } from '@twinclean/shared/admin-pricing';
import { describe, expect, it } from 'vitest';
import { HOUR_OPTIONS, NEC_THRESHOLD_HINT, WEEKDAY_OPTIONS } from './payout-schedule';

describe('the weekly payouts section of Pricing Config', () => {
  it('offers the days Monday to Sunday as ISO weekdays 1 to 7', () => {
    expect(WEEKDAY_OPTIONS).toEqual([
      { value: '1', label: 'Monday' },
      { value: '2', label: 'Tuesday' },
      { value: '3', label: 'Wednesday' },
      { value: '4', label: 'Thursday' },
      { value: '5', label: 'Friday' },
      { value: '6', label: 'Saturday' },
      { value: '7', label: 'Sunday' },
    ]);
  });

  it('offers every hour of the day, midnight first', () => {
    expect(HOUR_OPTIONS).toHaveLength(24);
    expect(HOUR_OPTIONS[0]).toEqual({ value: '0', label: '12:00 AM' });
    expect(HOUR_OPTIONS[8]).toEqual({ value: '8', label: '8:00 AM' });
    expect(HOUR_OPTIONS[12]).toEqual({ value: '12', label: '12:00 PM' });
    expect(HOUR_OPTIONS[23]).toEqual({ value: '23', label: '11:00 PM' });
  });

  it('offers only values the pricing form accepts', () => {
    const { payoutWeekday, payoutHour } = pricingValuesSchema.shape;
    for (const { value } of WEEKDAY_OPTIONS)
      expect(payoutWeekday.safeParse(value).success).toBe(true);
    for (const { value } of HOUR_OPTIONS) expect(payoutHour.safeParse(value).success).toBe(true);
  });

  it('explains the 1099-NEC threshold and the 2025 rule', () => {
    expect(NEC_THRESHOLD_HINT).toBe(
      'Providers paid this much or more in a year (from 2026) are marked for a 1099-NEC; for 2025 payments it is $600.',
    );
  });
});
