import { describe, expect, it } from 'vitest';
import { prepaidFactLines, referralAtCheckout, summaryWithBalances, withBalances } from './prepaid';

// A 40% deposit, as the pricing config's default.
const deposit = (cents: number) => Math.round(cents * 0.4);
const none = { creditCents: 0, giftCardCents: 0 };

describe('an estimate with referral credit and a gift card', () => {
  it('changes nothing without them', () => {
    expect(withBalances(13_000, none, deposit)).toEqual({
      creditCents: 0,
      giftCardCents: 0,
      payCents: 13_000,
      depositCents: 5_200,
      rows: [],
      payRow: null,
    });
  });

  it('spends the credit first, then the gift card on what is left; the deposit follows the rest', () => {
    const paid = withBalances(13_000, { creditCents: 2_000, giftCardCents: 5_000 }, deposit);
    expect(paid).toMatchObject({
      creditCents: 2_000,
      giftCardCents: 5_000,
      payCents: 6_000,
      depositCents: 2_400,
    });
    expect(paid.rows).toEqual([
      { label: 'Referral credit', value: '−$20.00' },
      { label: 'Gift card', value: '−$50.00' },
    ]);
    expect(paid.payRow).toEqual({ label: 'To pay by card', value: '$60.00' });
  });

  it('caps the gift card at what is left after the discount, so the card may pay nothing', () => {
    const paid = withBalances(4_500, { creditCents: 0, giftCardCents: 10_000 }, deposit);
    expect(paid).toMatchObject({ giftCardCents: 4_500, payCents: 0, depositCents: 0 });
    expect(paid.rows).toEqual([{ label: 'Gift card', value: '−$45.00' }]);
    // Credit larger than the total leaves the gift card unspent.
    expect(
      withBalances(1_500, { creditCents: 2_000, giftCardCents: 5_000 }, deposit),
    ).toMatchObject({ creditCents: 1_500, giftCardCents: 0, payCents: 0 });
  });

  it('adds a referral link’s welcome credit to the credit, spent before the gift card', () => {
    const paid = withBalances(
      13_000,
      { creditCents: 500, giftCardCents: 5_000, welcomeCents: 2_000 },
      deposit,
    );
    expect(paid).toMatchObject({ creditCents: 2_500, giftCardCents: 5_000, payCents: 5_500 });
    expect(paid.rows[0]).toEqual({
      label: 'Referral credit (first booking)',
      value: '−$25.00',
    });
    // Capped at the total, the gift card left unspent; a series says both.
    expect(
      withBalances(
        1_500,
        { creditCents: 0, giftCardCents: 5_000, welcomeCents: 2_000 },
        deposit,
        true,
      ),
    ).toMatchObject({
      creditCents: 1_500,
      giftCardCents: 0,
      payCents: 0,
      rows: [{ label: 'Referral credit (first booking, first visit)', value: '−$15.00' }],
    });
  });

  it('says a series spends them on its first visit', () => {
    const paid = withBalances(13_000, { creditCents: 0, giftCardCents: 2_500 }, deposit, true);
    expect(paid.rows).toEqual([{ label: 'Gift card (first visit)', value: '−$25.00' }]);
    expect(paid.payRow).toEqual({ label: 'First visit to pay by card', value: '$105.00' });
  });

  it('keeps the total as a subtotal above what the balances pay', () => {
    const rows = [{ label: 'Bedrooms (3 × $40.00)', value: '$120.00' }];
    const total = { label: 'Estimated total', value: '$130.00' };
    const paid = withBalances(13_000, { creditCents: 0, giftCardCents: 5_000 }, deposit);
    expect(summaryWithBalances(rows, total, paid)).toEqual({
      rows: [
        { label: 'Bedrooms (3 × $40.00)', value: '$120.00' },
        { label: 'Estimated total', value: '$130.00', subtotal: true },
        { label: 'Gift card', value: '−$50.00' },
      ],
      total: { label: 'To pay by card', value: '$80.00' },
    });
    expect(summaryWithBalances(rows, total, withBalances(13_000, none, deposit))).toEqual({
      rows,
      total,
    });
  });
});

describe("a created booking's confirmation", () => {
  it('says the credit and gift card it spent and what became of the referral', () => {
    expect(
      prepaidFactLines({
        creditAmount: '20.00',
        giftCardAmount: '50.00',
        referralMessage: '$20.00 referral credit from Ada is yours',
      }),
    ).toEqual([
      'Referral credit applied: $20.00',
      'Gift card applied: $50.00',
      '$20.00 referral credit from Ada is yours',
    ]);
    expect(
      prepaidFactLines({ creditAmount: '0.00', giftCardAmount: '0.00', referralMessage: null }),
    ).toEqual([]);
  });
});

describe('a referral link at checkout', () => {
  const first = { referralCode: 'OWNCODE1', firstBooking: true };

  it('promises the welcome credit only on a client’s first booking through another’s link', () => {
    expect(referralAtCheckout('FRIEND22', true, first)).toEqual({ welcome: true, note: 'first' });
    // Their own link, a client who booked before, or their credits not read yet: nothing.
    expect(referralAtCheckout('OWNCODE1', true, first)).toEqual({ welcome: false, note: null });
    expect(referralAtCheckout('FRIEND22', true, { ...first, firstBooking: false })).toEqual({
      welcome: false,
      note: null,
    });
    expect(referralAtCheckout('FRIEND22', true, undefined)).toEqual({ welcome: false, note: null });
  });

  it('tells a guest to sign in, and says nothing without a link', () => {
    expect(referralAtCheckout('FRIEND22', false, undefined)).toEqual({
      welcome: false,
      note: 'guest',
    });
    expect(referralAtCheckout('', true, first)).toEqual({ welcome: false, note: null });
  });
});
