import { centsToDollars } from '@twinclean/shared/money';
import {
  type PaymentOption,
  type PaymentRecord,
  paymentOptionSchema,
} from '@twinclean/shared/payments';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Mailer } from '../../adapters/mailer';
import type { GatewayIntent, PaymentGateway } from '../../adapters/payments/gateway';
import { audit } from '../../core/audit';
import type { JobQueue } from '../../jobs/queue';
import { countOnCommit, paymentsRecorded, refundsMade } from '../../metrics/counters';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { Refund } from '../../models/refund';
import { lowerTipLine } from './tip-refunds';

export type PaymentDeps = {
  db: Knex;
  gateway: PaymentGateway;
  mailer: Mailer;
  logger: Logger;
  jobs: JobQueue;
  /** The site's address, for pay links in e-mails. */
  siteUrl: string;
};

/** A refund the ledger owes: executed after the transaction that decided it, and retried. */
export type RefundOrder = {
  paymentId: string;
  amountCents: number;
  reason: string;
  createdBy: string | null;
  /** One refund per key, however often it is tried (the gateway's idempotency key). */
  key: string;
  /**
   * An owner's refund: audited as `payment.refund` in the transaction that records it, and the
   * client e-mailed by whoever made it, the request or the queue's retry.
   */
  announce?: boolean;
};

/** A refund as recorded. */
export type RefundRow = { id: string; amountCents: number; reason: string; key: string };

export const REFUND_QUEUE = 'payment-refunds';

/** The refund of what a booking cannot keep of a payment: all of it once canceled, or the excess. */
export const excessRefundKey = (paymentId: string) => `refund:${paymentId}:excess`;

export const toPaymentRecord = (p: Payment): PaymentRecord => ({
  id: p.id,
  kind: p.kind,
  amount: centsToDollars(p.amountCents),
  refunded: centsToDollars(p.refundedCents),
  status: p.status,
  cardLast4: p.cardLast4,
  createdAt: p.createdAt.toISOString(),
});

export type Settled =
  | { paid: true; payment: Payment; firstTime: boolean; refunds: RefundOrder[] }
  | { paid: false; message: string };

const optionOf = (intent: GatewayIntent): PaymentOption | null => {
  const parsed = paymentOptionSchema.safeParse(intent.metadata.option);
  return parsed.success ? parsed.data : null;
};

/**
 * A succeeded intent as its payment row: the row its checkout opened (`known`) or a new one for
 * `subject`. The amount and card are the gateway's, never the browser's. Callers hold the row
 * lock (known's FOR UPDATE), so it is written once.
 */
export async function recordSucceeded(
  trx: Knex.Transaction,
  known: Payment | undefined,
  intent: GatewayIntent,
  subject: Pick<Payment, 'userId' | 'gateway' | 'kind'> &
    Partial<Pick<Payment, 'bookingId' | 'subscriptionId'>>,
): Promise<Payment> {
  const fields = {
    status: 'succeeded' as const,
    amountCents: intent.amountCents,
    cardLast4: intent.cardLast4,
    failureMessage: null,
  };
  // Every caller reaches here once per gateway payment (under the row lock), then commits or not.
  countOnCommit(trx, () => paymentsRecorded.inc({ kind: subject.kind }));
  if (known) return known.$query(trx).patchAndFetch(fields);
  return Payment.query(trx).insertAndFetch({ ...fields, ...subject, gatewayPaymentId: intent.id });
}

/**
 * Records what the gateway says an intent did for its booking, once: the first call for a
 * succeeded intent adds the payment (one row per gateway payment id, whoever reports it first:
 * the browser, a webhook or the LocalGateway), later calls answer the same row. Money that
 * arrives for a canceled booking, or beyond its total, is refunded (the orders come back to be
 * executed after commit). The amount is the gateway's, never the browser's.
 */
export async function settleIntent(
  trx: Knex.Transaction,
  gatewayName: PaymentGateway['name'],
  intent: GatewayIntent,
): Promise<Settled> {
  if (intent.status !== 'succeeded') {
    await Payment.query(trx)
      .patch({ failureMessage: intent.failureMessage })
      .where({ gatewayPaymentId: intent.id, status: 'requires_payment' });
    return { paid: false, message: intent.failureMessage ?? 'The payment has not gone through.' };
  }
  const bookingId = intent.metadata.bookingId;
  const option = optionOf(intent);
  if (!bookingId || !option) return { paid: false, message: 'This payment is not for a booking.' };
  const booking = await Booking.query(trx).findById(bookingId).forUpdate();
  if (!booking) return { paid: false, message: 'This payment is not for a booking.' };
  const known = await Payment.query(trx).findOne({ gatewayPaymentId: intent.id }).forUpdate();
  if (known?.status === 'succeeded') {
    return { paid: true, payment: known, firstTime: false, refunds: [] };
  }
  const payment = await recordSucceeded(trx, known, intent, {
    userId: booking.clientId,
    bookingId,
    gateway: gatewayName,
    kind: option,
  });
  const paidBefore = booking.amountPaidCents;
  await booking.$query(trx).patch({ amountPaidCents: paidBefore + intent.amountCents });
  // What the booking cannot keep: all of it once canceled, else anything beyond the total.
  const excess = booking.canceledAt
    ? intent.amountCents
    : Math.max(0, paidBefore + intent.amountCents - booking.totalAmountCents);
  const refunds: RefundOrder[] =
    excess > 0
      ? [
          {
            paymentId: payment.id,
            amountCents: excess,
            reason: booking.canceledAt
              ? 'Paid after the booking was canceled'
              : 'Paid more than the booking total',
            createdBy: null,
            key: excessRefundKey(payment.id),
          },
        ]
      : [];
  return { paid: true, payment, firstTime: true, refunds };
}

/**
 * Refunds on the gateway and records it, once per key: the gateway answers a repeated key with
 * the same refund, and the refunds row is unique by the gateway's refund id. The booking's
 * amount paid drops by what came back. An owner's refund of a booking that is not canceled is
 * goodwill (DECISIONS.md "Final price consent"): the booking's total drops by the same amount,
 * so it never leaves a balance to pay (or a member's card to charge again). No transaction is
 * open while the gateway is asked. Safe to run again after a crash or from the retry job.
 */
export async function executeRefund(
  deps: Pick<PaymentDeps, 'db' | 'gateway'>,
  order: RefundOrder,
): Promise<RefundRow | null> {
  const payment = await Payment.query(deps.db).findById(order.paymentId);
  if (payment?.status !== 'succeeded') return null;
  if (await Refund.query(deps.db).findOne({ key: order.key })) return null;
  const refund = await deps.gateway.refund({
    paymentIntentId: payment.gatewayPaymentId,
    amountCents: order.amountCents,
    idempotencyKey: order.key,
  });
  const row = await deps.db.transaction((trx) => recordRefund(trx, payment, order, refund));
  // Null: another run recorded this key first, and counted it.
  if (row) refundsMade.inc();
  return row;
}

async function recordRefund(
  trx: Knex.Transaction,
  payment: Payment,
  order: RefundOrder,
  refund: { id: string; amountCents: number },
): Promise<RefundRow | null> {
  // The booking first, as settling a payment locks it, so the two never wait on each other.
  const booking = payment.bookingId
    ? await Booking.query(trx).findById(payment.bookingId).forUpdate()
    : undefined;
  // One row per key: a conflict inserts nothing and returns no row, so `id` (the database's)
  // stays unset and the refund is not counted twice.
  const inserted = await Refund.query(trx)
    .insert({
      paymentId: payment.id,
      gatewayRefundId: refund.id,
      amountCents: refund.amountCents,
      reason: order.reason,
      createdBy: order.createdBy,
      key: order.key,
    })
    .onConflict('key')
    .ignore()
    .returning(['id', 'amountCents', 'reason', 'key']);
  if (inserted.id === undefined) return null;
  const { id, amountCents, reason, key } = inserted;
  const row: RefundRow = { id, amountCents, reason, key };
  const { refundedCents } = await Payment.query(trx)
    .findById(payment.id)
    .increment('refundedCents', refund.amountCents)
    .returning('refundedCents')
    .throwIfNotFound();
  // A tip's refund changes none of the booking's amounts: the payout's tip line drops instead.
  const tip = payment.kind === 'tip';
  if (tip && payment.bookingId) await lowerTipLine(trx, payment.bookingId, refund.amountCents);
  // What the booking costs now, when this refund lowered it (an owner's goodwill refund).
  const total =
    booking && order.announce && !booking.canceledAt && !tip
      ? {
          before: booking.totalAmountCents,
          after: Math.max(0, booking.totalAmountCents - refund.amountCents),
        }
      : null;
  if (booking && !tip) {
    await booking.$query(trx).patch({
      amountPaidCents: booking.amountPaidCents - refund.amountCents,
      ...(total && {
        totalAmountCents: total.after,
        goodwillRefundCents: booking.goodwillRefundCents + (total.before - total.after),
        depositAmountCents: Math.min(booking.depositAmountCents, total.after),
      }),
    });
  }
  if (order.announce && order.createdBy) {
    await audit(trx, {
      actorId: order.createdBy,
      action: 'payment.refund',
      entity: 'payment',
      entityId: payment.id,
      before: {
        refunded: centsToDollars(refundedCents - refund.amountCents),
        ...(total && { bookingTotal: centsToDollars(total.before) }),
      },
      after: {
        refunded: centsToDollars(refundedCents),
        refundId: row.id,
        amount: centsToDollars(refund.amountCents),
        reason: order.reason,
        ...(total && { bookingTotal: centsToDollars(total.after) }),
      },
    });
  }
  return row;
}
