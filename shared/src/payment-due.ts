import * as z from 'zod/mini';
import type { BookingStatus } from './booking-status';
import { type PayableFacts, type PaymentChoice, paymentChoices } from './payments';
import type { SubscriptionType } from './roles';
import { VISIT_CHARGE_HOURS } from './subscriptions';

// What the client has been asked to pay, and how the rest gets paid (spec 2 §4, DECISIONS.md
// "Payments" and "Subscriptions"). paymentChoices says what may be paid now; these say what is
// owed and when, so the portal never presents a payment as due before it is.

/** The stored facts beyond the payable ones that say whether a payment is owed yet. */
export type PaymentDueFacts = PayableFacts & {
  subscriptionType: SubscriptionType;
  balanceRequestedAt: Date | string | null;
  visitChargeFailedAt: Date | string | null;
};

/**
 * What the client has been asked for and not paid, or null: the deposit once requested (a
 * provider assigned); the rest once the balance is requested (24 h before) or the visit is done.
 * A member's visit is charged to their card, so it is owed only once that charge failed or the
 * visit is over unpaid.
 */
export function paymentDue(booking: PaymentDueFacts): PaymentChoice | null {
  const choices = paymentChoices(booking);
  const rest = choices.at(-1);
  if (!rest) return null;
  if (booking.clockOutAt) return rest;
  if (booking.subscriptionType !== 'none') return booking.visitChargeFailedAt ? rest : null;
  if (booking.balanceRequestedAt) return rest;
  return choices.find((c) => c.option === 'deposit') ?? null;
}

/**
 * required: the Payment Required panel (spec 2 §4: pending_deposit, pending_assignment and
 * assigned); balance: the rest after a first payment, due when the visit is done; automatic: a
 * member's visit, charged to their card before it.
 */
export const paymentPlanKindSchema = z.enum(['required', 'balance', 'automatic']);
export type PaymentPlanKind = z.infer<typeof paymentPlanKindSchema>;

/** balance: the visit it is due at the end of (null once the visit is done: due now);
 * automatic: when the card is charged; required: null. */
export type PaymentPlan = { kind: PaymentPlanKind; dueAt: Date | null };

export type PaymentPlanFacts = PaymentDueFacts & { status: BookingStatus; scheduledAt: Date };

const REQUIRED_STATUSES: ReadonlySet<BookingStatus> = new Set([
  'pending_deposit',
  'pending_assignment',
  'assigned',
]);

/** When a member's visit is charged to their card (DECISIONS.md "Subscriptions"). */
export const visitChargeAt = (scheduledAt: Date): Date =>
  new Date(scheduledAt.getTime() - VISIT_CHARGE_HOURS * 3_600_000);

/** How what is left on a booking gets paid, or null when nothing can be paid now. */
export function paymentPlan(booking: PaymentPlanFacts): PaymentPlan | null {
  if (paymentChoices(booking).length === 0) return null;
  if (booking.subscriptionType !== 'none' && !booking.visitChargeFailedAt && !booking.clockOutAt) {
    return { kind: 'automatic', dueAt: visitChargeAt(booking.scheduledAt) };
  }
  if (REQUIRED_STATUSES.has(booking.status)) return { kind: 'required', dueAt: null };
  return { kind: 'balance', dueAt: booking.clockOutAt ? null : booking.scheduledAt };
}
