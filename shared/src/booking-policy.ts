import * as z from 'zod/mini';
import { type BookingFacts, deriveBookingStatus } from './booking-status';
import { CONTACT } from './contact';
import { formatDollars } from './money';
import type { PricingConfig } from './pricing-config';

/** DECISIONS.md "Booking status": canceling is free up to 24 h before the visit. */
export const FREE_CANCEL_HOURS = 24;
/** Rescheduling is free up to 12 h before; later it is refused with a number to call. */
export const RESCHEDULE_CUTOFF_HOURS = 12;
const HOUR = 3_600_000;

export type PolicyFacts = BookingFacts & { scheduledAt: Date | string };

/** Why a booking can no longer be canceled or moved, whatever the clock says; else null. */
function finished(booking: PolicyFacts): string | null {
  const status = deriveBookingStatus(booking);
  if (status === 'canceled') return 'This booking is already canceled.';
  if (status === 'completed') return 'This booking is already completed.';
  if (booking.clockInAt) {
    return `Your cleaner has already started. Please call us at ${CONTACT.phone}.`;
  }
  return null;
}

const hoursBefore = (booking: PolicyFacts, now: Date) =>
  (new Date(booking.scheduledAt).getTime() - now.getTime()) / HOUR;

export const cancelTermsSchema = z.union([
  z.object({ allowed: z.literal(false), reason: z.string() }),
  z.object({
    allowed: z.literal(true),
    /** Free: more than 24 h ahead, everything paid comes back. */
    free: z.boolean(),
    feeCents: z.number(),
    refundCents: z.number(),
    /** The consequence in words, shown in the dialog before the client confirms. */
    summary: z.string(),
  }),
]);
export type CancelTerms = z.infer<typeof cancelTermsSchema>;

/**
 * What canceling now costs (DECISIONS.md "Payments"): more than 24 h ahead, everything paid is
 * refunded; later, up to `lateCancelFeePercent` of the total is kept from what was paid as the
 * late-cancellation fee and the rest refunded. Nothing is charged beyond what was paid.
 */
export function cancelTerms(
  booking: PolicyFacts & { amountPaidCents: number },
  config: Pick<PricingConfig, 'lateCancelFeePercent'>,
  now: Date,
): CancelTerms {
  const reason = finished(booking);
  if (reason) return { allowed: false, reason };
  const paid = booking.amountPaidCents;
  const free = hoursBefore(booking, now) > FREE_CANCEL_HOURS;
  const lateFee = Math.round((booking.totalAmountCents * config.lateCancelFeePercent) / 100);
  const feeCents = free ? 0 : Math.min(paid, lateFee);
  const refundCents = paid - feeCents;
  const refund =
    refundCents > 0 ? ` ${formatDollars(refundCents)} will be refunded to your card.` : '';
  const summary = free
    ? `Canceling now is free.${refund}`
    : feeCents > 0
      ? `Your visit is less than ${FREE_CANCEL_HOURS} hours away: ${formatDollars(feeCents)} of what you paid is kept as the late-cancellation fee.${refund}`
      : `Your visit is less than ${FREE_CANCEL_HOURS} hours away, but you have not paid anything yet, so there is no fee.`;
  return { allowed: true, free, feeCents, refundCents, summary };
}

/**
 * The cancel terms with the late fee waived (DECISIONS.md "Admin operations": admin_owner may):
 * everything paid comes back.
 */
export function waiveCancelFee(terms: CancelTerms, paidCents: number): CancelTerms {
  if (!terms.allowed || terms.feeCents === 0) return terms;
  const refund = paidCents > 0 ? ` ${formatDollars(paidCents)} will be refunded to your card.` : '';
  return {
    ...terms,
    feeCents: 0,
    refundCents: paidCents,
    summary: `The late-cancellation fee is waived.${refund}`,
  };
}

export const rescheduleTermsSchema = z.union([
  z.object({ allowed: z.literal(false), reason: z.string() }),
  z.object({ allowed: z.literal(true) }),
]);
export type RescheduleTerms = z.infer<typeof rescheduleTermsSchema>;

/** Whether the visit can still be moved online (free until 12 h before, never once started). */
export function rescheduleTerms(booking: PolicyFacts, now: Date): RescheduleTerms {
  const reason = finished(booking);
  if (reason) return { allowed: false, reason };
  if (hoursBefore(booking, now) <= RESCHEDULE_CUTOFF_HOURS) {
    return {
      allowed: false,
      reason: `Your visit is less than ${RESCHEDULE_CUTOFF_HOURS} hours away, so it can no longer be moved online. Please call us at ${CONTACT.phone}.`,
    };
  }
  return { allowed: true };
}
