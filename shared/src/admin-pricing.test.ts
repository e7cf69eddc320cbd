import { describe, expect, it } from 'vitest';
import {
  type PricingCents,
  pricingCents,
  pricingChanges,
  pricingSaveSchema,
  pricingValues,
} from './admin-pricing';
import { defaultPricingConfig } from './pricing-config';

const stored: PricingCents = {
  config: defaultPricingConfig,
  addOnCents: { 'inside-oven': 3000, 'window-cleaning': 500 },
};

describe('the pricing form', () => {
  it('shows the stored prices as typed text and reads them back to the same cents', () => {
    const values = pricingValues(stored);
    expect(values).toMatchObject({ hourlyRate: '45.00', depositPercent: '40' });
    expect(pricingCents(values)).toEqual(stored);
    // What the form sends parses to itself: the server accepts what the browser checked.
    const sent = pricingSaveSchema.parse({ ...values, version: 1, note: ' ' });
    expect(pricingSaveSchema.parse(sent)).toEqual(sent);
  });

  it('reads dollars as people type them', () => {
    const values = { ...pricingValues(stored), hourlyRate: ' 47.5 ', greenCleaningFee: '0' };
    const parsed = pricingSaveSchema.parse({ ...values, version: 2 });
    expect(pricingCents(parsed).config).toMatchObject({
      hourlyRateCents: 4750,
      greenCleaningFeeCents: 0,
    });
  });

  it('lists what changed with the labels and units the form uses', () => {
    const after = pricingCents({
      ...pricingValues(stored),
      lateCancelFeePercent: '50',
      subscriptionMinimumMonths: '6',
      addOns: { 'inside-oven': '30.00', 'window-cleaning': '6.00' },
    });
    expect(pricingChanges(stored, after, { 'window-cleaning': 'Window Cleaning' })).toEqual([
      {
        field: 'subscriptionMinimumMonths',
        label: 'Minimum months',
        from: '3 months',
        to: '6 months',
      },
      { field: 'lateCancelFeePercent', label: 'Late-cancel fee', from: '40%', to: '50%' },
      { field: 'addOns.window-cleaning', label: 'Window Cleaning', from: '$5.00', to: '$6.00' },
    ]);
  });
});
