import { centsToDollars } from '@twinclean/shared/money';
import {
  type PaymentChoice,
  type PaymentIntentAnswer,
  type PaymentOption,
  paymentChoices,
  type RecordPaymentAnswer,
} from '@twinclean/shared/payments';
import { queueMail } from '../../adapters/mailer';
import type { GatewayIntent } from '../../adapters/payments/gateway';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { Refund } from '../../models/refund';
import { receiptEmail } from './emails';
import {
  excessRefundKey,
  type PaymentDeps,
  REFUND_QUEUE,
  type Settled,
  settleIntent,
  toPaymentRecord,
} from './ledger';
import { queueRefunds, runRefunds } from './refund-queue';

const OPEN_STATUSES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** The payment the client asked for (or the first one due), or why there is none now. */
function chosen(booking: Booking, option: PaymentOption | undefined): PaymentChoice {
  const choices = paymentChoices(booking);
  if (choices.length === 0) {
    throw new AppError(409, 'nothing_to_pay', 'There is nothing to pay on this booking right now.');
  }
  const choice = option ? choices.find((c) => c.option === option) : choices[0];
  if (!choice) {
    throw new AppError(
      409,
      'option_unavailable',
      `You can pay ${choices.map((c) => `the ${c.option === 'full' ? 'full amount' : c.option}`).join(' or ')} now.`,
    );
  }
  return choice;
}

// A booking paid or changed between the read and the record, this many times in a row, is
// changing under the client's feet: they are told to look again rather than chased forever.
const ATTEMPTS = 3;

/**
 * An intent for what the client may pay now (DECISIONS.md "Payments"), the amount worked out
 * here from the stored booking. No row is locked while the gateway is asked (a lock held over a
 * network call starves the pool under load): the gateway's idempotency key is the claim instead.
 * Tabs asking at once for the same amount name the same key, so they get the same intent and
 * one payment row; the intent recorded last cancels any other still open, so two different
 * intents are never both payable (one paid in the meantime is refunded as an excess).
 */
export async function createBookingIntent(
  deps: PaymentDeps,
  bookingId: string,
  option: PaymentOption | undefined,
): Promise<PaymentIntentAnswer> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const booking = await Booking.query(deps.db).findById(bookingId);
    if (!booking) throw notFound('Booking');
    // Tips are charged on the booking too but are none of what it owes (modules/tips).
    const rows = await Payment.query(deps.db).where({ bookingId }).whereNot({ kind: 'tip' });
    const open = await Promise.all(
      rows
        .filter((row) => row.status === 'requires_payment')
        .map(async (row) => ({
          row,
          intent: await deps.gateway.retrieveIntent(row.gatewayPaymentId),
        })),
    );
    // Paid at the gateway but not yet reported (a tab closed, a webhook on its way): recorded
    // first, since it changes what is left to pay; then the booking is read again.
    const unreported = open.filter((o) => o.intent?.status === 'succeeded');
    if (unreported.length > 0) {
      for (const { intent } of unreported) if (intent) await settleAndNotify(deps, intent);
      continue;
    }
    const choice = chosen(booking, option);
    const reusable = open.find(
      ({ row, intent }) =>
        row.kind === choice.option &&
        row.amountCents === choice.cents &&
        intent &&
        OPEN_STATUSES.has(intent.status),
    )?.intent;
    const intent = reusable ?? (await newIntent(deps, booking, choice, rows.length));
    if (intent) {
      return {
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        option: choice.option,
        amount: centsToDollars(choice.cents),
        gateway: deps.gateway.name,
        publishableKey: deps.gateway.publishableKey,
      };
    }
  }
  throw new AppError(
    409,
    'booking_changed',
    'This booking changed while you were paying. Reload the page to see what is due now.',
  );
}

/**
 * A new intent for `choice`, recorded under the booking's lock once the gateway has answered.
 * Null when the booking no longer owes `choice` (paid or changed meanwhile).
 */
async function newIntent(
  deps: PaymentDeps,
  booking: Booking,
  choice: PaymentChoice,
  /** Payment rows the booking has: a new number for each attempt, never a canceled one's key. */
  attempt: number,
): Promise<GatewayIntent | null> {
  const intent = await deps.gateway.createIntent({
    amountCents: choice.cents,
    description: `TwinClean booking ${booking.id} (${choice.option})`,
    metadata: { bookingId: booking.id, option: choice.option },
    // The same for tabs asking at once (one intent) and for a request retried after a crash;
    // never the key of an intent canceled since, which the gateway would hand back.
    idempotencyKey: `intent:${booking.id}:${attempt}:${choice.option}:${choice.cents}`,
  });
  // Recorded already by a tab that asked at once: no need to queue for the booking's lock.
  const known = await Payment.query(deps.db).findOne({ gatewayPaymentId: intent.id });
  if (known?.status === 'requires_payment') return intent;
  if (known) return null;
  const recorded = await deps.db.transaction(async (trx) => {
    const current = await Booking.query(trx).findById(booking.id).forUpdate();
    const owed = current
      ? paymentChoices(current).some((c) => c.option === choice.option && c.cents === choice.cents)
      : false;
    if (!owed) return null;
    await Payment.query(trx)
      .insert({
        userId: booking.clientId,
        bookingId: booking.id,
        gateway: deps.gateway.name,
        gatewayPaymentId: intent.id,
        kind: choice.option,
        amountCents: choice.cents,
        status: 'requires_payment',
      })
      .onConflict('gatewayPaymentId')
      .ignore();
    // Replaced by a newer intent since another tab recorded it: the booking has moved on.
    const ours = await Payment.query(trx).findOne({ gatewayPaymentId: intent.id });
    if (ours?.status !== 'requires_payment') return null;
    const replaced = await Payment.query(trx)
      .patch({ status: 'canceled' })
      .where({ bookingId: booking.id, status: 'requires_payment' })
      .whereNot({ gatewayPaymentId: intent.id })
      .whereNot({ kind: 'tip' })
      .returning('gatewayPaymentId');
    return replaced.map((p) => p.gatewayPaymentId);
  });
  // After the commit: the intents this one replaced, or this one if the booking moved on.
  await closeIntents(deps, recorded ?? [intent.id]);
  return recorded ? intent : null;
}

/**
 * Cancels intents nobody may pay any more; one paid meanwhile is recorded instead (and refunded
 * if the booking cannot keep it). A gateway that does not answer leaves the intent open: paying
 * it later is recorded and refunded the same way.
 */
async function closeIntents(deps: PaymentDeps, ids: string[]): Promise<void> {
  for (const id of ids) {
    try {
      const intent = await deps.gateway.retrieveIntent(id);
      if (intent?.status === 'succeeded') await settleAndNotify(deps, intent);
      else await deps.gateway.cancelIntent(id);
    } catch (error) {
      deps.logger.warn({ err: error, intent: id }, 'could not close a replaced payment intent');
    }
  }
}

/**
 * Records a payment the browser says it made, after asking the gateway: unknown intents, another
 * booking's, and ones that did not succeed are refused, whatever `amountPaid` the browser sent.
 * A payment that raced the booking's cancellation is recorded and refunded, and the answer says
 * so (410): "Payment Successful" would be a lie.
 */
export async function recordBookingPayment(
  deps: PaymentDeps,
  bookingId: string,
  paymentIntentId: string,
): Promise<RecordPaymentAnswer> {
  const intent = await deps.gateway.retrieveIntent(paymentIntentId);
  if (!intent) throw notFound('Payment');
  if (intent.metadata.bookingId !== bookingId) {
    throw new AppError(409, 'intent_mismatch', 'This payment belongs to another booking.');
  }
  const settled = await settleAndNotify(deps, intent);
  if (!settled.paid) throw new AppError(402, 'payment_failed', settled.message);
  const booking = await Booking.query(deps.db).findById(bookingId);
  if (booking?.canceledAt) {
    const key = excessRefundKey(settled.payment.id);
    const refunded = await Refund.query(deps.db).findOne({ key });
    // Not yet made (the gateway did not answer): queued by this report or an earlier one.
    const refunding =
      settled.refunds.some((order) => order.key === key) ||
      (await deps.jobs.waiting(REFUND_QUEUE, { key })).length > 0;
    if (refunded || refunding) {
      throw new AppError(
        410,
        'booking_canceled',
        refunded
          ? 'This booking was canceled, so your payment has been refunded to your card.'
          : 'This booking was canceled, so your payment is being refunded to your card.',
      );
    }
  }
  return { message: 'Payment Successful', payment: toPaymentRecord(settled.payment) };
}

/**
 * Settles an intent whoever reports it (the browser, a webhook, the LocalGateway), then runs any
 * refund it owes and sends the receipt, once.
 */
export async function settleAndNotify(
  deps: PaymentDeps,
  intent: Parameters<typeof settleIntent>[2],
) {
  const known = await Payment.query(deps.db).findOne({ gatewayPaymentId: intent.id });
  // Recorded already (a webhook, another tab): answered without queueing for the booking's lock.
  if (intent.status === 'succeeded' && known?.status === 'succeeded') {
    return { paid: true, payment: known, firstTime: false, refunds: [] } satisfies Settled;
  }
  await deps.jobs.prepare([REFUND_QUEUE]);
  const { settled, receipt } = await deps.db.transaction(async (trx) => {
    const result = await settleIntent(trx, deps.gateway.name, intent);
    if (!result.paid) return { settled: result, receipt: null };
    await queueRefunds(deps.jobs, trx, result.refunds);
    // The receipt is queued with the payment it tells of: a process that dies after the commit
    // leaves it to the mail outbox, never unsent.
    const booking = result.firstTime
      ? await Booking.query(trx).findById(result.payment.bookingId as string)
      : undefined;
    const mail = booking
      ? await queueMail(trx, receiptEmail(booking, result.payment, deps.siteUrl))
      : null;
    return { settled: result, receipt: mail };
  });
  if (settled.paid && settled.firstTime) await runRefunds(deps, settled.refunds);
  if (receipt) await deps.mailer.deliver(receipt);
  return settled;
}
