import { type CancelTerms, cancelTerms, waiveCancelFee } from '@twinclean/shared/booking-policy';
import type { Knex } from 'knex';
import { loadPricing } from '../../core/pricing';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { Refund } from '../../models/refund';
import { releasePrepaid } from '../credits/prepaid';
import { refundEmail } from '../payments/emails';
import { type PaymentDeps, REFUND_QUEUE, type RefundOrder } from '../payments/ledger';
import { queueRefunds, runRefunds, unmadeRefunds } from '../payments/refund-queue';
import { cancellationEmail } from './emails';
import { refused } from './guards';
import { tellProvider } from './notices';

/**
 * The refunds that give back `cents` of what was paid, newest payment first; a refund already on
 * its way (`pending`, an owner's the gateway has not answered yet) is not given back twice.
 */
function refundsOf(
  payments: Payment[],
  cents: number,
  bookingId: string,
  pending: RefundOrder[],
): RefundOrder[] {
  const orders: RefundOrder[] = [];
  let left = cents;
  const onItsWay = (paymentId: string) =>
    pending.filter((o) => o.paymentId === paymentId).reduce((sum, o) => sum + o.amountCents, 0);
  for (const p of [...payments].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    const amount = Math.min(left, p.amountCents - p.refundedCents - onItsWay(p.id));
    if (amount <= 0) continue;
    orders.push({
      paymentId: p.id,
      amountCents: amount,
      reason: 'Booking canceled',
      createdBy: null,
      key: `refund:${p.id}:cancel:${bookingId}`,
    });
    left -= amount;
  }
  return orders;
}

/** Who cancels a booking, why, and what else their transaction records. */
export type CancelRequest = {
  bookingId: string;
  /** The client canceling their own booking (anyone else's is not found); absent for an admin. */
  clientId?: string;
  /** The user canceling: the client, or an admin on their behalf. */
  by: string;
  reason: string;
  /** admin_owner only (the caller checks): the late-cancellation fee is not kept. */
  waiveFee?: boolean;
  /** Runs in the cancel's transaction with the booking as it was (the admin's audit row). */
  record?: (trx: Knex.Transaction, before: Booking, terms: CancelTerms) => Promise<void>;
};

/**
 * Cancels a booking under the policy as it stands now (DECISIONS.md "Booking status",
 * "Payments"): the row is locked, so a second cancel finds it canceled (409); the fee kept and
 * the refunds are decided in the same transaction and the refunds queued with it, then run.
 * The client and the assigned provider are told.
 */
export async function cancelBooking(
  deps: PaymentDeps,
  request: CancelRequest,
  now = new Date(),
): Promise<Booking> {
  const { bookingId } = request;
  await deps.jobs.prepare([REFUND_QUEUE]);
  const { booking, orders, summary, openIntents } = await deps.db.transaction(async (trx) => {
    const booking = await Booking.query(trx)
      .findOne(request.clientId ? { id: bookingId, clientId: request.clientId } : { id: bookingId })
      .forUpdate();
    if (!booking) throw notFound('Booking');
    const policy = cancelTerms(booking, await loadPricing(trx), now);
    const terms = request.waiveFee ? waiveCancelFee(policy, booking.amountPaidCents) : policy;
    if (!terms.allowed) throw refused(terms.reason);
    await request.record?.(trx, booking.$clone(), terms);
    await booking.$query(trx).patch({
      canceledAt: now,
      canceledBy: request.by,
      cancellationReason: request.reason,
      cancellationFeeCents: terms.feeCents,
    });
    // Referral credit and gift card balance are never cash: they go back whole.
    await releasePrepaid(trx, booking);
    // Locked after the booking, as settling a payment does: an owner's refund of one waits.
    const payments = await Payment.query(trx).where({ bookingId }).forUpdate();
    const paid = payments.filter((p) => p.status === 'succeeded');
    const pending = await unmadeRefunds(
      deps.jobs,
      trx,
      paid.map((p) => p.id),
    );
    const orders = refundsOf(paid, terms.refundCents, bookingId, pending);
    await queueRefunds(deps.jobs, trx, orders);
    const openIntents = payments.filter((p) => p.status === 'requires_payment');
    await Payment.query(trx)
      .patch({ status: 'canceled' })
      .whereIn(
        'id',
        openIntents.map((p) => p.id),
      );
    return { booking, orders, summary: terms.summary, openIntents };
  });
  // An intent left open could still be paid; one paid meanwhile is refunded when it settles.
  for (const p of openIntents) {
    await deps.gateway
      .cancelIntent(p.gatewayPaymentId)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'could not cancel an open payment intent'),
      );
  }
  await runRefunds(deps, orders);
  await deps.mailer.send(cancellationEmail(booking, summary));
  await mailRefunds(deps, booking, orders);
  await tellProvider(deps, booking, 'canceled');
  return booking;
}

async function mailRefunds(deps: PaymentDeps, booking: Booking, orders: RefundOrder[]) {
  if (orders.length === 0) return;
  const rows = await Refund.query(deps.db).whereIn(
    'key',
    orders.map((o) => o.key),
  );
  for (const row of rows) await deps.mailer.send(refundEmail(booking, row));
}
