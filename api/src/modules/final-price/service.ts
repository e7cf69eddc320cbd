import {
  type FinalPriceOutcome,
  finalPriceRefusal,
  type PriceConfirmer,
  priceBounds,
  withinBounds,
} from '@twinclean/shared/final-price';
import { centsToDollars, enteredDollarsToCents, formatDollars } from '@twinclean/shared/money';
import { depositCents } from '@twinclean/shared/pricing';
import { providerShareCents } from '@twinclean/shared/provider-pay';
import type { Knex } from 'knex';
import { loadPricing } from '../../core/pricing';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import { Payout } from '../../models/payout';
import { prepaidAtPrice } from '../credits/prepaid';
import { discountAtPrice } from '../discount-codes/apply';
import type { PaymentDeps } from '../payments/ledger';
import { issuePayLink, queuePaymentRequest } from '../payments/pay-links';
import { type AfterCommit, depositRequests } from '../payments/requests';
import { priceApprovalEmail } from './emails';

// DECISIONS.md "Final price consent": a carpet or rug price confirmed after the provider saw the
// work takes effect at once only near the estimate the client booked at; further away it waits
// for the client's approval (or an owner's). Until then the booking's total stays what the client
// agreed to, and every charge (pay links, members' visit charges) is worked out from that total,
// so nothing is ever charged above the price the client booked or approved.

export type PriceDeps = Pick<PaymentDeps, 'mailer' | 'siteUrl'>;

/** Who confirms a price: the provider (job page or clock-out) or an admin. */
export type PriceActor = { by: PriceConfirmer; userId: string };

export type PriceResult = { outcome: FinalPriceOutcome; afterCommit: AfterCommit | null };

const estimateOf = (booking: Booking) => booking.estimatedAmountCents ?? booking.totalAmountCents;

/** What the price must cover: fees on top of the work, and what the client has already paid. */
/** `offCents`: what the discount code, credit and gift card take off the new price. */
function priceProblem(booking: Booking, cents: number, offCents: number): AppError | null {
  const fees = booking.greenCleaningFeeCents + booking.addOnsTotalCents;
  if (cents < fees) {
    return new AppError(
      400,
      'price_below_fees',
      `The final price must cover the green cleaning fee of ${formatDollars(fees)}.`,
    );
  }
  if (cents - booking.goodwillRefundCents - offCents < booking.amountPaidCents) {
    return new AppError(
      400,
      'price_below_paid',
      `The client has already paid ${formatDollars(booking.amountPaidCents)}; the final price cannot be less.`,
    );
  }
  return null;
}

/**
 * Confirms a carpet or rug booking's final price (`totalAmount`, dollars): in effect at once
 * within the bounds around the estimate, else kept as a proposal for the client to approve, who
 * is e-mailed a link once this commits. The caller holds the booking's row lock, so two
 * confirmations cannot both pass the "not final yet" check.
 */
export async function confirmFinalPrice(
  trx: Knex.Transaction,
  deps: PriceDeps,
  booking: Booking,
  totalAmount: string,
  actor: PriceActor,
): Promise<PriceResult> {
  const cents = enteredDollarsToCents(totalAmount);
  const refused = finalPriceRefusal(booking, actor.by);
  if (refused) throw new AppError(409, refused.code, refused.message);
  const discountCents = await discountAtPrice(trx, booking.id, cents, { record: false });
  const prepaid = await prepaidAtPrice(
    trx,
    booking,
    cents - booking.goodwillRefundCents - discountCents,
    { record: false },
  );
  const problem = priceProblem(
    booking,
    cents,
    discountCents + prepaid.creditCents + prepaid.giftCardCents,
  );
  if (problem) throw problem;
  const config = await loadPricing(trx);
  const bounds = priceBounds(estimateOf(booking), config);
  if (withinBounds(cents, bounds)) {
    // With the clock-out, the visit is done though the punch is not written yet.
    const visitDone = Boolean(booking.clockOutAt) || actor.by === 'clock_out';
    const afterCommit = await applyFinalPrice(trx, deps, booking, cents, null, visitDone);
    return {
      outcome: {
        status: 'confirmed',
        amount: centsToDollars(cents),
        message: `The final price of ${formatDollars(cents)} is confirmed.`,
      },
      afterCommit,
    };
  }
  const proposedAt = new Date();
  await booking.$query(trx).patch({
    proposedPriceCents: cents,
    priceProposedAt: proposedAt,
    priceProposedBy: actor.userId,
    // A booking from before estimates were kept: its price until now was the estimate.
    estimatedAmountCents: estimateOf(booking),
  });
  const link = await issuePayLink(trx, booking.id, 'full');
  const estimate = estimateOf(booking);
  return {
    outcome: {
      status: 'awaiting_approval',
      amount: centsToDollars(cents),
      message:
        `${formatDollars(cents)} is outside ${formatDollars(bounds.minCents)}–` +
        `${formatDollars(bounds.maxCents)} of the ${formatDollars(estimate)} estimate, so it ` +
        'waits for the client’s approval; until then the estimate stands.',
    },
    afterCommit: () =>
      deps.mailer
        .send(priceApprovalEmail(booking, cents, estimate, `${deps.siteUrl}${link}`))
        .then(() => undefined),
  };
}

/**
 * Makes `cents` the booking's price: the total (less any goodwill refund), the deposit that
 * follows it, the estimate kept beside it, a proposal cleared. A provider's payout made before
 * (the price confirmed after the visit) follows it while unpaid. Answers what to send after
 * commit: the deposit request, or for a visit already done, the request for what is left (the
 * balance request and a member's visit charge both come before a visit, never after).
 */
export async function applyFinalPrice(
  trx: Knex.Transaction,
  deps: PriceDeps,
  booking: Booking,
  cents: number,
  approvedBy: { userId: string | null } | null,
  visitDone: boolean,
): Promise<AfterCommit | null> {
  const config = await loadPricing(trx);
  const fees = booking.greenCleaningFeeCents + booking.addOnsTotalCents;
  // A discount code's percent is of the price confirmed now, not of the estimate.
  const discountCents = await discountAtPrice(trx, booking.id, cents, { record: true });
  // Credit and gift card balance cover no more than the new price; what no longer fits goes back.
  const prepaid = await prepaidAtPrice(
    trx,
    booking,
    cents - booking.goodwillRefundCents - discountCents,
    { record: true },
  );
  const total =
    cents -
    booking.goodwillRefundCents -
    discountCents -
    prepaid.creditCents -
    prepaid.giftCardCents;
  await booking.$query(trx).patch({
    baseAmountCents: cents - fees,
    totalAmountCents: total,
    discountCents,
    ...prepaid,
    estimatedAmountCents: estimateOf(booking),
    depositAmountCents: Math.min(total, depositCents(total, booking.subscriptionType, config)),
    priceIsFinal: true,
    proposedPriceCents: null,
    priceProposedAt: null,
    priceProposedBy: null,
    ...(approvedBy && { priceApprovedAt: new Date(), priceApprovedBy: approvedBy.userId }),
  });
  const payouts = await Payout.query(trx)
    .where({ bookingId: booking.id, status: 'pending' })
    .whereNotNull('sharePercent')
    .forUpdate();
  for (const payout of payouts) {
    // The share is of the price of the work; a goodwill refund is the company's.
    const base = providerShareCents(cents, payout.sharePercent as number);
    await payout.$query(trx).patch({
      shareOfCents: cents,
      baseAmountCents: base,
      totalAmountCents: base + payout.waitPayCents + payout.bonusCents,
    });
  }
  if (!visitDone) return depositRequests(deps).due(trx, booking.id);
  const after = await Booking.query(trx).findById(booking.id).throwIfNotFound();
  if (after.amountPaidCents >= after.totalAmountCents) return null;
  const purpose = after.amountPaidCents > 0 ? 'balance' : 'full';
  const link = await issuePayLink(trx, booking.id, purpose);
  return queuePaymentRequest(trx, deps, after, purpose, link);
}

/**
 * A final price sent with the clock-out, confirmed as the job page would (in effect near the
 * estimate, else waiting for the client), inside the punch's transaction. A price that cannot be
 * taken (below the fees, confirmed already) never refuses the punch: an offline phone cannot be
 * asked again, so the answer says why and an admin confirms the price instead.
 */
export async function confirmWithClockOut(
  trx: Knex.Transaction,
  deps: PriceDeps,
  booking: Booking,
  providerId: string,
  totalAmount: string,
): Promise<PriceResult> {
  try {
    // A savepoint: a refusal halfway leaves the punch's own writes standing.
    return await trx.transaction((savepoint) =>
      confirmFinalPrice(savepoint, deps, booking, totalAmount, {
        by: 'clock_out',
        userId: providerId,
      }),
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      outcome: {
        status: 'not_applied',
        amount: centsToDollars(enteredDollarsToCents(totalAmount)),
        message: error.message,
      },
      afterCommit: null,
    };
  }
}
