import { defaultPricingConfig as pricing } from '@twinclean/shared/pricing-config';
import { describe, expect, it } from 'vitest';
import { bookedPrice, depositEstimate } from './special-summary';

describe('the deposit line of a carpet, laundry or dry cleaning estimate', () => {
  it('says the percent without balances, and nothing for members', () => {
    expect(depositEstimate(3_750, pricing, 'none')).toBe(
      `Deposit after a provider is assigned: $37.50 (${pricing.depositPercent}%).`,
    );
    expect(depositEstimate(0, pricing, 'standard', true)).toBe('No deposit for members.');
  });

  it('drops the percent once credit or a gift card pay part, and says when they cover it', () => {
    expect(depositEstimate(2_500, pricing, 'none', true)).toBe(
      'Deposit after a provider is assigned: $25.00, of what is left to pay by card.',
    );
    expect(depositEstimate(0, pricing, 'none', true)).toBe(
      'Your referral credit or gift card covers the price: no deposit.',
    );
  });
});

describe('the success screen’s deposit', () => {
  const booked = {
    id: '00000000-0000-4000-8000-000000000001',
    serviceType: 'carpet',
    status: 'pending_assignment',
    totalAmount: '0.00',
    depositAmount: '0.00',
    discountAmount: '0.00',
    creditAmount: '20.00',
    giftCardAmount: '50.00',
    referralMessage: null,
    priceIsFinal: false,
    scheduledDate: '2026-12-02',
    scheduledTime: '10:00',
    seriesId: null,
  } as const;

  it('says a gift card that pays it all leaves no deposit, not that the client is a member', () => {
    expect(bookedPrice(booked, pricing).deposit).toBe(
      'Your referral credit or gift card covers the price: no deposit to pay.',
    );
    const rest = { ...booked, totalAmount: '80.00', depositAmount: '20.00' };
    expect(bookedPrice(rest, pricing).deposit).toBe(
      'Once a provider is assigned, we email you a link to pay the deposit ($20.00).',
    );
  });
});
