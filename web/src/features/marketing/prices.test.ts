import { defaultPricingConfig } from '@twinclean/shared/pricing-config';
import { describe, expect, it } from 'vitest';
import { priceTexts } from './prices';

describe('priceTexts', () => {
  it('prints the marketing figures from the pricing config', () => {
    expect(priceTexts(defaultPricingConfig)).toMatchObject({
      hourly: '$45',
      memberHourly: '$25',
      saving: '$20',
      savingPercent: 44,
      threeHours: '$135',
      threeHoursMember: '$75',
      standardPlan: '$99.99',
      seniorPlan: '$50',
      green: '$20',
      carpetBedroom: '$75',
      carpetStairs: '$25',
      laundryLoad: '$35',
      rugsFrom: '$50',
      deposit: '40%',
      earlyCancel: '$100',
    });
  });

  it('follows a changed config everywhere', () => {
    expect(priceTexts({ ...defaultPricingConfig, greenCleaningFeeCents: 1500 }).green).toBe('$15');
  });

  it('starts carpet at the cheaper room and rugs at the cheapest rug, never below the minimum', () => {
    const items = { ...defaultPricingConfig.dryCleaningItemCents, rug_small: 6000 };
    const texts = priceTexts({
      ...defaultPricingConfig,
      carpetLivingRoomCents: 6500,
      dryCleaningItemCents: items,
    });
    expect(texts).toMatchObject({ carpetRoomFrom: '$65', rugsFrom: '$60' });
    expect(priceTexts({ ...defaultPricingConfig, dryCleaningMinimumCents: 7000 }).rugsFrom).toBe(
      '$70',
    );
  });
});
