import { describe, expect, it } from 'vitest';
import { type PaymentPlanFacts, paymentDue, paymentPlan } from './payment-due';

const VISIT = new Date('2026-12-05T16:00:00Z');

const booking = (facts: Partial<PaymentPlanFacts> = {}): PaymentPlanFacts => ({
  totalAmountCents: 9000,
  amountPaidCents: 0,
  depositAmountCents: 3600,
  depositRequestedAt: null,
  priceIsFinal: true,
  canceledAt: null,
  clockOutAt: null,
  subscriptionType: 'none',
  balanceRequestedAt: null,
  visitChargeFailedAt: null,
  status: 'pending_assignment',
  scheduledAt: VISIT,
  ...facts,
});

describe('paymentDue', () => {
  it('asks nothing before a provider is assigned, then the deposit, then the rest 24 h before', () => {
    expect(paymentDue(booking())).toBeNull();
    const requested = booking({ depositRequestedAt: new Date() });
    expect(paymentDue(requested)).toEqual({ option: 'deposit', cents: 3600 });
    expect(paymentDue({ ...requested, amountPaidCents: 3600 })).toBeNull();
    expect(
      paymentDue({ ...requested, amountPaidCents: 3600, balanceRequestedAt: new Date() }),
    ).toEqual({ option: 'balance', cents: 5400 });
    expect(paymentDue({ ...requested, balanceRequestedAt: new Date() })).toEqual({
      option: 'full',
      cents: 9000,
    });
  });

  it('owes the whole rest once the visit is done, never a deposit', () => {
    expect(paymentDue(booking({ depositRequestedAt: new Date(), clockOutAt: new Date() }))).toEqual(
      { option: 'full', cents: 9000 },
    );
  });

  it('asks a member nothing (their card is charged) unless that charge failed', () => {
    const member = booking({ subscriptionType: 'standard', depositAmountCents: 0 });
    expect(paymentDue(member)).toBeNull();
    expect(paymentDue({ ...member, balanceRequestedAt: new Date() })).toBeNull();
    expect(paymentDue({ ...member, visitChargeFailedAt: new Date() })).toEqual({
      option: 'full',
      cents: 9000,
    });
  });
});

describe('paymentPlan', () => {
  it('shows Payment Required only while pending_deposit, pending_assignment or assigned', () => {
    expect(paymentPlan(booking())).toEqual({ kind: 'required', dueAt: null });
    expect(paymentPlan(booking({ status: 'pending_deposit', depositRequestedAt: VISIT }))).toEqual({
      kind: 'required',
      dueAt: null,
    });
    expect(paymentPlan(booking({ status: 'deposit_paid', amountPaidCents: 3600 }))).toEqual({
      kind: 'balance',
      dueAt: VISIT,
    });
  });

  it('owes the rest now once the visit is done, and nothing once paid or canceled', () => {
    const done = new Date('2026-12-05T19:00:00Z');
    expect(paymentPlan(booking({ status: 'completed', clockOutAt: done }))).toEqual({
      kind: 'balance',
      dueAt: null,
    });
    expect(paymentPlan(booking({ status: 'fully_paid', amountPaidCents: 9000 }))).toBeNull();
    expect(paymentPlan(booking({ status: 'canceled', canceledAt: done }))).toBeNull();
  });

  it("charges a member's card 12 hours before the visit, unless that charge failed", () => {
    const member = booking({ subscriptionType: 'senior', depositAmountCents: 0 });
    expect(paymentPlan(member)).toEqual({
      kind: 'automatic',
      dueAt: new Date('2026-12-05T04:00:00Z'),
    });
    expect(paymentPlan({ ...member, visitChargeFailedAt: new Date() })).toEqual({
      kind: 'required',
      dueAt: null,
    });
  });
});
