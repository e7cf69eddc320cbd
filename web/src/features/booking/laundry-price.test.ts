import { formatDollars } from '@twinclean/shared/money';
import { defaultPricingConfig as pricing } from '@twinclean/shared/pricing-config';
import { describe, expect, it } from 'vitest';
import { laundryPrice } from './laundry-price';

const loads = (numberOfLoads: number, frequency: 'once' | 'weekly' = 'once') => ({
  numberOfLoads,
  greenCleaning: false,
  frequency,
});

describe('the laundry summary with a gift card', () => {
  it('keeps the total as a subtotal, takes the gift card off, and asks a deposit of the rest', () => {
    const total = 3 * pricing.laundryLoadCents;
    const price = laundryPrice(loads(3), pricing, 'none', null, {
      creditCents: 0,
      giftCardCents: 2_500,
    });
    expect(price.rows.slice(-2)).toEqual([
      { label: 'Total', value: formatDollars(total), subtotal: true },
      { label: 'Gift card', value: '−$25.00' },
    ]);
    expect(price.total).toEqual({ label: 'To pay by card', value: formatDollars(total - 2_500) });
    expect(price.deposit).toBe(Math.round(((total - 2_500) * pricing.depositPercent) / 100));
  });

  it("spends a series' credit on its first pickup, with no deposit", () => {
    const price = laundryPrice(loads(2, 'weekly'), pricing, 'none', null, {
      creditCents: 2_000,
      giftCardCents: 0,
    });
    expect(price.rows.map((r) => r.label)).toContain('Referral credit (first visit)');
    expect(price.total.label).toBe('First visit to pay by card');
    expect(price.deposit).toBe(0);
  });

  it('is as before without balances', () => {
    const price = laundryPrice(loads(2), pricing, 'none', null, {
      creditCents: 0,
      giftCardCents: 0,
    });
    expect(price.total).toEqual({
      label: 'Total',
      value: formatDollars(2 * pricing.laundryLoadCents),
    });
    expect(price.rows.some((r) => r.subtotal)).toBe(false);
  });
});
