import { describe, expect, it } from 'vitest';
import { type PayableFacts, paymentChoices } from './payments';

const booking = (facts: Partial<PayableFacts> = {}): PayableFacts => ({
  totalAmountCents: 9000,
  amountPaidCents: 0,
  depositAmountCents: 3600,
  depositRequestedAt: null,
  priceIsFinal: true,
  canceledAt: null,
  clockOutAt: null,
  ...facts,
});

describe('paymentChoices', () => {
  it('offers the whole amount at any time, and the deposit once it is requested', () => {
    expect(paymentChoices(booking())).toEqual([{ option: 'full', cents: 9000 }]);
    expect(paymentChoices(booking({ depositRequestedAt: new Date() }))).toEqual([
      { option: 'deposit', cents: 3600 },
      { option: 'full', cents: 9000 },
    ]);
  });

  it('offers the rest after a first payment, and nothing once paid', () => {
    expect(paymentChoices(booking({ amountPaidCents: 3600 }))).toEqual([
      { option: 'balance', cents: 5400 },
    ]);
    expect(paymentChoices(booking({ amountPaidCents: 9000 }))).toEqual([]);
  });

  it('offers nothing before the price is final or once canceled, and no deposit to a member', () => {
    expect(paymentChoices(booking({ priceIsFinal: false }))).toEqual([]);
    expect(paymentChoices(booking({ canceledAt: new Date() }))).toEqual([]);
    expect(
      paymentChoices(booking({ depositAmountCents: 0, depositRequestedAt: new Date() })),
    ).toEqual([{ option: 'full', cents: 9000 }]);
  });

  it('offers no deposit once the visit is done: the whole rest is owed', () => {
    const done = { depositRequestedAt: new Date(), clockOutAt: new Date() };
    expect(paymentChoices(booking(done))).toEqual([{ option: 'full', cents: 9000 }]);
    expect(paymentChoices(booking({ ...done, amountPaidCents: 3600 }))).toEqual([
      { option: 'balance', cents: 5400 },
    ]);
  });
});
