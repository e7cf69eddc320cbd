import type { PayoutPayability, PayoutRefusalCode } from './admin';

// Whether Mark Paid may pay a payout (DECISIONS.md "Payouts"): the API refuses with this reason
// and the payouts page offers the button by it, so the two never disagree.

/** What the rule reads of a payout; a new reason adds the facts it needs here. */
export type PayoutPayabilityFacts = {
  status: 'pending' | 'paid';
  /** Set by the punch rules at clock-out, cleared by an admin's review. */
  reviewReason: string | null;
  totalAmountCents: number;
  /** The visit's tips net of refunds, and how much of them Mark Paid paid out. */
  tipCents: number;
  tipPaidCents: number;
  /**
   * The job's client price is not final (a carpet or rug price nobody confirmed, or one waiting
   * for the client's approval): a share of it is not yet what the provider earned.
   */
  priceToConfirm: boolean;
  /**
   * A weekly transfer not yet sent (pending or failed) holds this payout's pay or tip (DECISIONS.md
   * "Payouts"): paying it by hand too would pay it twice.
   */
  heldByTransfer: boolean;
};

type Refusal = Extract<PayoutPayability, { payable: false }>;
type Check = (payout: PayoutPayabilityFacts) => Refusal | null;

const refuse = (code: PayoutRefusalCode, reason: string): Refusal => ({
  payable: false,
  code,
  reason,
});

const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/**
 * In the order they are said: only the first refusal is given, so the one an admin can act on
 * comes before one that may go away by itself (a review can turn $0.00 into pay).
 */
const CHECKS: readonly Check[] = [
  (p) => (p.status === 'paid' ? refuse('already_paid', 'This payout is already paid.') : null),
  (p) =>
    p.reviewReason === null
      ? null
      : refuse(
          'payout_needs_review',
          `This payout is flagged for review: ${sentence(p.reviewReason)} ` +
            'Review it on the booking page before paying it.',
        ),
  (p) =>
    p.priceToConfirm
      ? refuse(
          'price_to_confirm',
          'This job’s final price is not confirmed yet, and the payout follows it. Confirm the price on the booking page first.',
        )
      : null,
  (p) =>
    // A $0.00 total with a tip still pays the tip.
    p.totalAmountCents + p.tipCents > 0
      ? null
      : refuse('nothing_to_pay', 'This payout is $0.00; there is nothing to pay.'),
];

type TipFacts = Pick<PayoutPayabilityFacts, 'status' | 'tipCents' | 'tipPaidCents'>;

/** A tip that came after Mark Paid: on a paid payout, what of the tip line is not paid out yet. */
export const tipOwedCents = (p: TipFacts) =>
  p.status === 'paid' ? Math.max(0, p.tipCents - p.tipPaidCents) : 0;

/** A tip refunded after Mark Paid paid it out: the provider was paid this much more than kept. */
export const tipRefundedAfterPayoutCents = (p: TipFacts) =>
  p.status === 'paid' ? Math.max(0, p.tipPaidCents - p.tipCents) : 0;

/**
 * Whether Mark Paid may pay this payout now, and if not why. A paid payout with a tip owed may be
 * marked paid again: that settles the tip only, whatever else holds (its total is paid already).
 */
export function payoutPayability(payout: PayoutPayabilityFacts): PayoutPayability {
  if (payout.heldByTransfer) {
    return refuse(
      'in_transfer',
      'This payout is in a weekly transfer that is not sent yet; it cannot also be paid by hand. Cancel the transfer on the Transfers page first.',
    );
  }
  if (tipOwedCents(payout) > 0) return { payable: true };
  for (const check of CHECKS) {
    const refusal = check(payout);
    if (refusal) return refusal;
  }
  return { payable: true };
}
