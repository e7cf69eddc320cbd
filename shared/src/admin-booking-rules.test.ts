import { describe, expect, it } from 'vitest';
import { payoutReviewSchema } from './admin-booking';
import {
  type AdminBookingFacts,
  assignTerms,
  confirmPriceTerms,
  hoursPaidProblem,
  payoutReviewTerms,
  resendPayLinkTerms,
  unassignTerms,
} from './admin-booking-rules';
import { waiveCancelFee } from './booking-policy';

const booking = (facts: Partial<AdminBookingFacts> = {}): AdminBookingFacts => ({
  serviceType: 'carpet',
  providerId: 'p1',
  priceIsFinal: false,
  totalAmountCents: 32_500,
  amountPaidCents: 0,
  depositAmountCents: 13_000,
  depositRequestedAt: null,
  canceledAt: null,
  clockInAt: null,
  clockOutAt: null,
  ...facts,
});

describe('admin booking actions', () => {
  it('changes hands only before clock-in, on a live booking', () => {
    expect(assignTerms(booking())).toEqual({ allowed: true });
    expect(unassignTerms(booking({ providerId: null }))).toEqual({
      allowed: false,
      reason: 'No provider is assigned.',
    });
    const started = booking({ clockInAt: new Date() });
    expect(assignTerms(started).allowed).toBe(false);
    expect(unassignTerms(started).allowed).toBe(false);
    expect(assignTerms(booking({ canceledAt: new Date() }))).toEqual({
      allowed: false,
      reason: 'This booking is canceled.',
    });
  });

  it('confirms a carpet or rug price after assignment, once', () => {
    expect(confirmPriceTerms(booking())).toEqual({ allowed: true });
    expect(confirmPriceTerms(booking({ providerId: null }))).toEqual({
      allowed: false,
      reason: 'Assign a provider before confirming the final price.',
    });
    expect(confirmPriceTerms(booking({ priceIsFinal: true })).allowed).toBe(false);
    expect(confirmPriceTerms(booking({ serviceType: 'laundry' })).allowed).toBe(false);
  });

  it('resends a pay link only while something is due', () => {
    expect(resendPayLinkTerms(booking()).allowed).toBe(false);
    expect(resendPayLinkTerms(booking({ priceIsFinal: true }))).toEqual({ allowed: true });
    expect(resendPayLinkTerms(booking({ priceIsFinal: true, amountPaidCents: 32_500 }))).toEqual({
      allowed: false,
      reason: 'Nothing is due: this booking is paid in full.',
    });
  });

  it('reviews a flagged or reviewed payout until it is paid; hours within those worked', () => {
    expect(payoutReviewTerms(null).allowed).toBe(false);
    expect(payoutReviewTerms({ status: 'pending', reviewReason: 'x', reviewedAt: null })).toEqual({
      allowed: true,
    });
    expect(payoutReviewTerms({ status: 'pending', reviewReason: null, reviewedAt: null })).toEqual({
      allowed: false,
      reason: 'This payout has nothing to review.',
    });
    expect(payoutReviewTerms({ status: 'paid', reviewReason: 'x', reviewedAt: null }).allowed).toBe(
      false,
    );
    expect(hoursPaidProblem(4, { hoursWorked: 3.5, sharePercent: null })).toBe(
      'Hours paid cannot be more than the 3.5 h worked.',
    );
    expect(hoursPaidProblem(3.5, { hoursWorked: 3.5, sharePercent: null })).toBeNull();
    expect(hoursPaidProblem(1, { hoursWorked: 3.5, sharePercent: 60 })).toMatch(/share/);
    expect(payoutReviewSchema.safeParse({ hoursPaid: 1.1 }).success).toBe(true);
    expect(payoutReviewSchema.safeParse({ hoursPaid: 1.005 }).success).toBe(false);
  });

  it('waives a late fee: everything paid is refunded', () => {
    const late = {
      allowed: true,
      free: false,
      feeCents: 3600,
      refundCents: 5400,
      summary: 'kept',
    } as const;
    expect(waiveCancelFee(late, 9000)).toMatchObject({
      feeCents: 0,
      refundCents: 9000,
      summary: 'The late-cancellation fee is waived. $90.00 will be refunded to your card.',
    });
    const free = { ...late, free: true, feeCents: 0, refundCents: 9000 };
    expect(waiveCancelFee(free, 9000)).toBe(free);
  });
});
