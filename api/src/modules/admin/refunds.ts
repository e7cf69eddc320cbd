import type { RefundAnswer, RefundInput } from '@twinclean/shared/admin-payments';
import { centsToDollars, enteredDollarsToCents, formatDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import type { MailMessage } from '../../adapters/mailer';
import { AppError, notFound } from '../../errors';
import { keyReusedError } from '../../http/idempotency';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { User } from '../../models/user';
import { bookingMessage } from '../bookings/emails';
import { refundEmail } from '../payments/emails';
import {
  executeRefund,
  type PaymentDeps,
  queueRefunds,
  REFUND_QUEUE,
  type RefundOrder,
} from '../payments/ledger';
import { audit } from './audit';
import { paymentRecord } from './payment-records';

type RefundRow = { id: string; amountCents: number; reason: string; key: string };

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
  throw error;
}

/** The refund this request already made, if it made one; the same id with another amount is a bug. */
async function madeBefore(db: Knex, order: RefundOrder): Promise<RefundRow | undefined> {
  const row: RefundRow | undefined = await db('refunds').where({ key: order.key }).first();
  if (row && (row.amountCents !== order.amountCents || row.reason !== order.reason)) {
    throw keyReusedError();
  }
  return row;
}

/**
 * POST /api/admin/payments/{id}/refund (admin_owner; DECISIONS.md "Payments"). The order is
 * checked and queued in one transaction, as a cancellation's refunds are, so a crash after the
 * gateway refunded loses nothing: the queue's copy finds the gateway's refund by its key. Then
 * it runs with the payment locked, so two refunds of one payment take turns and never pass what
 * was paid, and the refund and its audit row are written together. A retried request (the same
 * requestId) answers as the first did.
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
  };
  await deps.jobs.prepare([REFUND_QUEUE]);
  const fresh = await deps.db.transaction(async (trx) => {
    const payment = await lockPayment(trx, paymentId);
    if (await madeBefore(trx, order)) return false;
    checkRoom(payment, order.amountCents);
    await queueRefunds(deps.jobs, trx, [order]);
    return true;
  });
  if (fresh) {
    const made = await deps.db.transaction(async (trx) => {
      const payment = await lockPayment(trx, paymentId);
      // The queue's copy runs a minute later; should it have run first, it made this refund.
      if (await madeBefore(trx, order)) return null;
      // Another refund of this payment may have landed between the two transactions.
      checkRoom(payment, order.amountCents);
      await executeRefund({ db: trx, gateway: deps.gateway }, order).catch(gatewayRefusal);
      const row = await madeBefore(trx, order);
      if (!row) throw new AppError(409, 'refund_refused', 'The refund did not go through.');
      await audit(trx, {
        actorId,
        action: 'payment.refund',
        entity: 'payment',
        entityId: paymentId,
        before: { refunded: centsToDollars(payment.refundedCents) },
        after: {
          refunded: centsToDollars(payment.refundedCents + row.amountCents),
          refundId: row.id,
          amount: centsToDollars(row.amountCents),
          reason: row.reason,
        },
      });
      return row;
    });
    if (made) await mailRefund(deps, paymentId, made);
  }
  return { message: 'Refund issued', payment: await paymentRecord(deps.db, paymentId) };
}

/** The client hears of it (DECISIONS.md "Payments": every refund gets an e-mail). */
async function mailRefund(deps: PaymentDeps, paymentId: string, refund: RefundRow) {
  const payment = await Payment.query(deps.db).findById(paymentId);
  if (!payment) return;
  const booking = payment.bookingId
    ? await Booking.query(deps.db).findById(payment.bookingId)
    : null;
  if (booking) return deps.mailer.send(refundEmail(booking, refund));
  const member = payment.userId ? await User.query(deps.db).findById(payment.userId) : null;
  if (member) return deps.mailer.send(membershipRefundEmail(member, refund));
}

function membershipRefundEmail(
  member: Pick<User, 'email' | 'firstName'>,
  refund: RefundRow,
): MailMessage {
  return bookingMessage(
    member.email,
    `Refund: ${formatDollars(refund.amountCents)} on its way back to your card`,
    [
      `Hi ${member.firstName},`,
      '',
      `We refunded ${formatDollars(refund.amountCents)} of your membership payment. Reason: ${refund.reason}.`,
      'Refunds usually reach your card within 5–10 business days.',
      '',
      `Refund receipt number: ${refund.id}`,
      '',
      'TwinClean, Minneapolis–St Paul',
    ],
    'payment_refund',
  );
}
