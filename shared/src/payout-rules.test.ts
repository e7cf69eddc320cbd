import { describe, expect, it } from 'vitest';
import { payoutPayability } from './payout-rules';
import { payoutReviewReason } from './punch-rules';

const pending = { status: 'pending', reviewReason: null, totalAmountCents: 16_200 } as const;

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

  it('says first what an admin can act on: paid, then the review, then the amount', () => {
    const everything = { status: 'paid', reviewReason: 'Odd.', totalAmountCents: 0 } as const;
    expect(payoutPayability(everything)).toMatchObject({ code: 'already_paid' });
    expect(payoutPayability({ ...everything, status: 'pending' })).toMatchObject({
      code: 'payout_needs_review',
    });
  });
});
