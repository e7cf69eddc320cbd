import { describe, expect, it } from 'vitest';
import { addPaymentMethodSchema, cardBrandLabel, cardExpiry, cardName } from './payment-methods';

describe('saved cards', () => {
  it('names a card brand in words, and an unknown one as just a card', () => {
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('mastercard')).toBe('Mastercard');
    expect(cardBrandLabel('unknown')).toBe('Card');
    expect(cardBrandLabel('toString')).toBe('Card');
    expect(cardName({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
  });

  it('prints the expiry as on the card, MM/YY', () => {
    expect(cardExpiry({ expMonth: 7, expYear: 2031 })).toBe('07/31');
    expect(cardExpiry({ expMonth: 12, expYear: 2100 })).toBe('12/00');
  });

  it('asks for a setup intent id', () => {
    expect(addPaymentMethodSchema.safeParse({ setupIntentId: 'seti_1' }).success).toBe(true);
    const empty = addPaymentMethodSchema.safeParse({ setupIntentId: '' });
    expect(empty.error?.issues[0]?.message).toBe('Setup intent is required');
  });
});
