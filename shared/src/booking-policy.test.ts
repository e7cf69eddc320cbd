import { describe, expect, it } from 'vitest';
import { cancelTerms, type PolicyFacts, rescheduleTerms } from './booking-policy';

const HOUR = 3_600_000;
const now = new Date('2026-11-23T15:00:00Z');
const booking = (hoursAhead: number, facts: Partial<PolicyFacts> = {}): PolicyFacts => ({
  scheduledAt: new Date(now.getTime() + hoursAhead * HOUR),
  providerId: null,
  depositRequestedAt: null,
  amountPaidCents: 0,
  depositAmountCents: 3600,
  totalAmountCents: 9000,
  enRouteAt: null,
  clockInAt: null,
  clockOutAt: null,
  canceledAt: null,
  ...facts,
});
const config = { lateCancelFeePercent: 40 };

describe('cancelTerms', () => {
  it('is free and refunds everything more than 24 hours ahead', () => {
    expect(cancelTerms(booking(24.01, { amountPaidCents: 9000 }), config, now)).toEqual({
      allowed: true,
      free: true,
      feeCents: 0,
      refundCents: 9000,
      summary: 'Canceling now is free. $90.00 will be refunded to your card.',
    });
  });

  it('keeps the fee from what was paid at 24 hours or less, never more than was paid', () => {
    expect(cancelTerms(booking(24, { amountPaidCents: 9000 }), config, now)).toMatchObject({
      free: false,
      feeCents: 3600,
      refundCents: 5400,
    });
    expect(cancelTerms(booking(2, { amountPaidCents: 2000 }), config, now)).toMatchObject({
      feeCents: 2000,
      refundCents: 0,
      summary:
        'Your visit is less than 24 hours away: $20.00 of what you paid is kept as the late-cancellation fee.',
    });
    expect(cancelTerms(booking(2), config, now)).toMatchObject({
      feeCents: 0,
      summary:
        'Your visit is less than 24 hours away, but you have not paid anything yet, so there is no fee.',
    });
  });

  it('refuses once started, completed or canceled', () => {
    expect(cancelTerms(booking(1, { clockInAt: now, providerId: 'p' }), config, now)).toEqual({
      allowed: false,
      reason: 'Your cleaner has already started. Please call us at (612) 555-0123.',
    });
    expect(cancelTerms(booking(-5, { clockInAt: now, clockOutAt: now }), config, now)).toEqual({
      allowed: false,
      reason: 'This booking is already completed.',
    });
    expect(cancelTerms(booking(30, { canceledAt: now }), config, now)).toEqual({
      allowed: false,
      reason: 'This booking is already canceled.',
    });
  });
});

describe('rescheduleTerms', () => {
  it('allows moving until 12 hours before, then refuses with the number to call', () => {
    expect(rescheduleTerms(booking(12.01), now)).toEqual({ allowed: true });
    expect(rescheduleTerms(booking(12), now)).toEqual({
      allowed: false,
      reason:
        'Your visit is less than 12 hours away, so it can no longer be moved online. Please call us at (612) 555-0123.',
    });
    expect(rescheduleTerms(booking(48, { canceledAt: now }), now).allowed).toBe(false);
  });
});
