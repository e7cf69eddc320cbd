import type { ActionTerms } from './admin-booking';
import { type FinalPriceFacts, finalPriceRefusal } from './final-price';
import { type PayableFacts, type PaymentChoice, paymentChoices } from './payments';

// When each admin booking action is open (DECISIONS.md "Admin operations"): the API refuses with
// these reasons and the page shows them, so the two never disagree.

export type AdminBookingFacts = PayableFacts &
  FinalPriceFacts & {
    providerId: string | null;
    clockInAt: Date | string | null;
  };

const yes: ActionTerms = { allowed: true };
const no = (reason: string): ActionTerms => ({ allowed: false, reason });

/** Why the provider can no longer change: canceled, done, or the work has started. */
function providerFixed(booking: AdminBookingFacts): string | null {
  if (booking.canceledAt) return 'This booking is canceled.';
  if (booking.clockOutAt) return 'This job is completed.';
  if (booking.clockInAt) {
    return 'The provider has already clocked in, so the job can no longer change hands.';
  }
  return null;
}

export function assignTerms(booking: AdminBookingFacts): ActionTerms {
  const reason = providerFixed(booking);
  return reason ? no(reason) : yes;
}

export function unassignTerms(booking: AdminBookingFacts): ActionTerms {
  const reason = providerFixed(booking);
  if (reason) return no(reason);
  return booking.providerId ? yes : no('No provider is assigned.');
}

/** DECISIONS.md "Special services": carpet and rug prices, by an admin, after assignment. */
export function confirmPriceTerms(booking: AdminBookingFacts): ActionTerms {
  const refusal = finalPriceRefusal(booking, 'admin');
  if (refusal) return no(refusal.message);
  return booking.providerId ? yes : no('Assign a provider before confirming the final price.');
}

/** What a pay link asks for now: the client's first payment choice, if any. */
export const amountDue = (booking: PayableFacts): PaymentChoice | null =>
  paymentChoices(booking)[0] ?? null;

export function resendPayLinkTerms(booking: PayableFacts): ActionTerms {
  if (booking.canceledAt) return no('This booking is canceled, so nothing is due.');
  if (!booking.priceIsFinal) {
    return no('The final price is not confirmed yet, so nothing is due.');
  }
  return amountDue(booking) ? yes : no('Nothing is due: this booking is paid in full.');
}

export type ReviewFacts = {
  status: 'pending' | 'paid';
  reviewReason: string | null;
  reviewedAt: Date | string | null;
};

/**
 * A payout flagged by the punch rules can be approved or adjusted while pending; a reviewed one
 * can be corrected until it is paid.
 */
export function payoutReviewTerms(payout: ReviewFacts | null): ActionTerms {
  if (!payout) return no('This job has no payout yet.');
  if (payout.status === 'paid') {
    return no('This payout is already paid, so its hours can no longer change.');
  }
  if (!payout.reviewReason && !payout.reviewedAt) return no('This payout has nothing to review.');
  return yes;
}

/** Why these paid hours do not fit this payout, if they do not. */
export function hoursPaidProblem(
  hoursPaid: number,
  payout: { hoursWorked: number; sharePercent: number | null },
): string | null {
  if (hoursPaid > payout.hoursWorked) {
    return `Hours paid cannot be more than the ${payout.hoursWorked} h worked.`;
  }
  if (payout.sharePercent !== null && hoursPaid !== payout.hoursWorked) {
    return 'This job pays a share of its price, not hours: approve it as it is.';
  }
  return null;
}
