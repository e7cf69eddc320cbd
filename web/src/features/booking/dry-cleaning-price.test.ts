import { formatDollars } from '@twinclean/shared/money';
import { defaultPricingConfig as pricing } from '@twinclean/shared/pricing-config';
import { describe, expect, it } from 'vitest';
import { orderPrice } from './dry-cleaning-price';

describe('the rug and dry cleaning summary', () => {
  it('says when the minimum replaces the items, and takes a code off what is left', () => {
    const code = { code: 'RUG20', percentOff: null, amountOff: '20.00', description: '$20 off' };
    const price = orderPrice({ items: { tie: 1 }, greenCleaning: false }, pricing, 'none', code);
    const minimum = pricing.dryCleaningMinimumCents;
    expect(price.rows.map((r) => r.label)).toEqual([
      'Tie × 1',
      'Items',
      'Minimum order applies',
      'Green cleaning',
      'Code RUG20',
    ]);
    expect(price.total.value).toBe(formatDollars(minimum - 2000));
    expect(price.deposit).toBe(Math.round(((minimum - 2000) * pricing.depositPercent) / 100));
  });
});
