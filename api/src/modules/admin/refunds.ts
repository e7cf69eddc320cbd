import type { RefundAnswer, RefundInput } from '@twinclean/shared/admin-payments';
import { enteredDollarsToCents, formatDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import { keyReusedError } from '../../http/idempotency';
import { Payment } from '../../models/payment';
import { Refund } from '../../models/refund';
import {
  executeRefund,
  type PaymentDeps,
  REFUND_QUEUE,
  type RefundOrder,
  type RefundRow,
} from '../payments/ledger';
import { mailRefund } from '../payments/refund-notice';
import { queueRefunds, unmadeRefunds } from '../payments/refund-queue';
import { paymentRecord } from './payment-records';

async function lockPayment(trx: Knex.Transaction, id: string): Promise<Payment> {
  const payment = await Payment.query(trx).findById(id).forUpdate();
  if (!payment) throw notFound('Payment');
  return payment;
}

/** Why the payment cannot give back `cents`, if it cannot: 409 or 400. */
function checkRoom(payment: Payment, cents: number): void {
  if (payment.status !== 'succeeded') {
    throw new AppError(409, 'refund_refused', 'Only a payment that succeeded can be refunded.');
  }
  const left = payment.amountCents - payment.refundedCents;
  if (left <= 0) {
    throw new AppError(409, 'nothing_to_refund', 'This payment is already fully refunded.');
  }
  if (cents > left) {
    throw new AppError(
      400,
      'refund_too_large',
      `At most ${formatDollars(left)} of this payment is left to refund.`,
    );
  }
}

/**
 * The gateway's "no such payment" is not ours: the payment exists here, the gateway cannot
 * refund it (seeded demo rows, a payment made under other keys).
 */
function gatewayRefusal(error: unknown): never {
  if (error instanceof AppError && error.status === 404) {
    throw new AppError(
      409,
      'refund_refused',
      'The payment gateway has no record of this payment, so it cannot refund it.',
    );
  }
  if (error instanceof AppError) throw error;
  // Down or unreachable: the queued copy tries again, and records, audits and mails the refund.
  throw new AppError(
    503,
    'gateway_unavailable',
    'The payment gateway did not answer. The refund is queued and will be tried again in a minute.',
  );
}

/** The refund this request already made, if it made one; the same id with another amount is a bug. */
async function madeBefore(db: Knex, order: RefundOrder): Promise<RefundRow | undefined> {
  const row = await Refund.query(db).findOne({ key: order.key });
  if (row && (row.amountCents !== order.amountCents || row.reason !== order.reason)) {
    throw keyReusedError();
  }
  return row;
}

/**
 * Another order for this payment that is queued and not yet made (the gateway did not answer)
 * would pass the room check with this one and both be refunded later: this one waits. The
 * caller holds the payment's lock, under which orders are queued.
 */
async function refuseWhilePending(deps: PaymentDeps, trx: Knex.Transaction, order: RefundOrder) {
  const pending = await unmadeRefunds(deps.jobs, trx, [order.paymentId]);
  if (pending.some((other) => other.key !== order.key)) {
    throw new AppError(
      409,
      'refund_pending',
      'Another refund of this payment is still waiting for the payment gateway. Try again once it has gone through.',
    );
  }
}

/**
 * POST /api/admin/payments/{id}/refund (admin_owner; DECISIONS.md "Payments"). Claim, call,
 * record: the order is checked and queued under the payment's lock, which is the claim (a second
 * refund of the payment waits while one is unmade: refuseWhilePending); then, with no lock held,
 * the gateway refunds it by its idempotency key; then the ledger records the refund with its
 * audit row. A crash anywhere loses nothing: the queue's copy finds the gateway's refund by its
 * key, records it once and mails the client, should the gateway not answer this request. A
 * retried request (the same requestId) answers as the first did, and refunds once.
 */
export async function refundPayment(
  deps: PaymentDeps,
  actorId: string,
  paymentId: string,
  input: RefundInput,
): Promise<RefundAnswer> {
  const order: RefundOrder = {
    paymentId,
    amountCents: enteredDollarsToCents(input.amount),
    reason: input.reason,
    createdBy: actorId,
    key: `refund:${paymentId}:admin:${input.requestId}`,
    announce: true,
  };
  await deps.jobs.prepare([REFUND_QUEUE]);
  const fresh = await deps.db.transaction(async (trx) => {
    const payment = await lockPayment(trx, paymentId);
    if (await madeBefore(trx, order)) return false;
    checkRoom(payment, order.amountCents);
    await refuseWhilePending(deps, trx, order);
    await queueRefunds(deps.jobs, trx, [order]);
    return true;
  });
  if (fresh) {
    // Null when another copy of this order (a retried request, the queue) recorded it first:
    // that copy mails the client.
    const made = await executeRefund(deps, order).catch(gatewayRefusal);
    if (made) await mailRefund(deps, paymentId, made);
  }
  return { message: 'Refund issued', payment: await paymentRecord(deps.db, paymentId) };
}
