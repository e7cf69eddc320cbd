import { describe, expect, it } from 'vitest';
import { payoutPayability, tipOwedCents, tipRefundedAfterPayoutCents } from './payout-rules';
import { payoutReviewReason } from './punch-rules';

const pending = {
  status: 'pending',
  reviewReason: null,
  totalAmountCents: 16_200,
  tipCents: 0,
  tipPaidCents: 0,
  priceToConfirm: false,
  heldByTransfer: false,
} as const;

describe('payoutPayability', () => {
  it('lets a pending payout with something to pay and nothing to review be paid', () => {
    expect(payoutPayability(pending)).toEqual({ payable: true });
    expect(payoutPayability({ ...pending, totalAmountCents: 1 })).toEqual({ payable: true });
  });

  it('keeps a flagged payout for review, saying why in a sentence', () => {
    const flag = payoutReviewReason({
      hoursWorked: 0,
      hoursPaid: 0,
      totalHours: null,
      clockInSuspicion: 'Received outside the clock-in window.',
      clockOutSuspicion: null,
    });
    expect(payoutPayability({ ...pending, reviewReason: flag })).toEqual({
      payable: false,
      code: 'payout_needs_review',
      reason:
        'This payout is flagged for review: Clock-in flagged: Received outside the clock-in ' +
        'window. Review it on the booking page before paying it.',
    });
    // A reason typed without a full stop still reads as a sentence.
    expect(payoutPayability({ ...pending, reviewReason: ' Odd hours ' })).toMatchObject({
      reason:
        'This payout is flagged for review: Odd hours. Review it on the booking page before paying it.',
    });
  });

  it('has nothing to pay on a $0.00 payout', () => {
    expect(payoutPayability({ ...pending, totalAmountCents: 0 })).toEqual({
      payable: false,
      code: 'nothing_to_pay',
      reason: 'This payout is $0.00; there is nothing to pay.',
    });
  });

  it('waits for the job’s final price: a share of an unconfirmed price is not yet earned', () => {
    expect(payoutPayability({ ...pending, priceToConfirm: true })).toEqual({
      payable: false,
      code: 'price_to_confirm',
      reason:
        'This job’s final price is not confirmed yet, and the payout follows it. Confirm the price on the booking page first.',
    });
  });

  it('says first what an admin can act on: paid, the review, the price, then the amount', () => {
    const everything = {
      status: 'paid',
      reviewReason: 'Odd.',
      totalAmountCents: 0,
      tipCents: 0,
      tipPaidCents: 0,
      priceToConfirm: true,
      heldByTransfer: false,
    } as const;
    expect(payoutPayability(everything)).toMatchObject({ code: 'already_paid' });
    const pendingToo = { ...everything, status: 'pending' } as const;
    expect(payoutPayability(pendingToo)).toMatchObject({ code: 'payout_needs_review' });
    expect(payoutPayability({ ...pendingToo, reviewReason: null })).toMatchObject({
      code: 'price_to_confirm',
    });
  });

  it('counts the tip: a $0.00 total with a tip pays the tip', () => {
    const zero = { ...pending, totalAmountCents: 0 };
    expect(payoutPayability({ ...zero, tipCents: 500 })).toEqual({ payable: true });
    expect(payoutPayability(zero)).toMatchObject({ code: 'nothing_to_pay' });
  });

  it('a paid payout with a tip that came after it may be paid again, for the tip only', () => {
    const paid = { ...pending, status: 'paid', tipCents: 800, tipPaidCents: 300 } as const;
    expect(payoutPayability(paid)).toEqual({ payable: true });
    expect(tipOwedCents(paid)).toBe(500);
    expect(payoutPayability({ ...paid, tipPaidCents: 800 })).toMatchObject({
      code: 'already_paid',
    });
    // Refunded after it was paid out: nothing owed, never a negative amount.
    const refunded = { ...paid, tipCents: 200 };
    expect(payoutPayability(refunded)).toMatchObject({ code: 'already_paid' });
    expect(tipOwedCents(refunded)).toBe(0);
    expect(tipRefundedAfterPayoutCents(refunded)).toBe(100);
    // A pending payout owes no tip of its own: Mark Paid pays it with the total.
    expect(tipOwedCents({ ...pending, tipCents: 800 })).toBe(0);
  });
});
