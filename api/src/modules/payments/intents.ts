import { centsToDollars } from '@twinclean/shared/money';
import {
  type PaymentIntentAnswer,
  type PaymentOption,
  paymentChoices,
  type RecordPaymentAnswer,
} from '@twinclean/shared/payments';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { receiptEmail } from './emails';
import {
  type PaymentDeps,
  queueRefunds,
  REFUND_QUEUE,
  runRefunds,
  settleIntent,
  toPaymentRecord,
} from './ledger';

const OPEN_STATUSES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/**
 * An intent for what the client may pay now (DECISIONS.md "Payments"), the amount worked out
 * here from the stored booking. The booking row is locked meanwhile, so two tabs asking at once
 * get the same intent; an open intent for another amount is canceled first, so two different
 * intents can never both be paid.
 */
export async function createBookingIntent(
  deps: PaymentDeps,
  bookingId: string,
  option: PaymentOption | undefined,
): Promise<PaymentIntentAnswer> {
  await settleLeftovers(deps, bookingId);
  return deps.db.transaction(async (trx) => {
    const booking = await Booking.query(trx).findById(bookingId).forUpdate();
    if (!booking) throw notFound('Booking');
    const choices = paymentChoices(booking);
    if (choices.length === 0) {
      throw new AppError(
        409,
        'nothing_to_pay',
        'There is nothing to pay on this booking right now.',
      );
    }
    const choice = option ? choices.find((c) => c.option === option) : choices[0];
    if (!choice) {
      throw new AppError(
        409,
        'option_unavailable',
        `You can pay ${choices.map((c) => `the ${c.option === 'full' ? 'full amount' : c.option}`).join(' or ')} now.`,
      );
    }
    const answer = (intent: { id: string; clientSecret: string }): PaymentIntentAnswer => ({
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      option: choice.option,
      amount: centsToDollars(choice.cents),
      gateway: deps.gateway.name,
      publishableKey: deps.gateway.publishableKey,
    });
    const rows = await Payment.query(trx).where({ bookingId });
    const open = rows.filter((row) => row.status === 'requires_payment');
    for (const row of open) {
      const intent = await deps.gateway.retrieveIntent(row.gatewayPaymentId);
      const reusable =
        intent &&
        OPEN_STATUSES.has(intent.status) &&
        row.kind === choice.option &&
        intent.amountCents === choice.cents;
      if (reusable) return answer(intent);
      if (intent?.status !== 'succeeded') {
        await deps.gateway.cancelIntent(row.gatewayPaymentId);
        await row.$query(trx).patch({ status: 'canceled' });
      }
    }
    const intent = await deps.gateway.createIntent({
      amountCents: choice.cents,
      description: `TwinClean booking ${booking.id} (${choice.option})`,
      metadata: { bookingId: booking.id, option: choice.option },
      // Unique per attempt (a retried request after a crash finds the same key); never the key
      // of an intent canceled above, which the gateway would hand back.
      idempotencyKey: `intent:${booking.id}:${rows.length}:${choice.option}:${choice.cents}`,
    });
    await Payment.query(trx).insert({
      userId: booking.clientId,
      bookingId: booking.id,
      gateway: deps.gateway.name,
      gatewayPaymentId: intent.id,
      kind: choice.option,
      amountCents: choice.cents,
      status: 'requires_payment',
    });
    return answer(intent);
  });
}

/**
 * Records the booking's intents that the gateway says were paid but nobody has reported yet (a
 * tab closed before it could, a webhook still on its way), so what is left to pay is right.
 */
async function settleLeftovers(deps: PaymentDeps, bookingId: string): Promise<void> {
  const open = await Payment.query(deps.db).where({ bookingId, status: 'requires_payment' });
  for (const row of open) {
    const intent = await deps.gateway.retrieveIntent(row.gatewayPaymentId);
    if (intent?.status === 'succeeded') await settleAndNotify(deps, intent);
  }
}

/**
 * Records a payment the browser says it made, after asking the gateway: unknown intents, another
 * booking's, and ones that did not succeed are refused, whatever `amountPaid` the browser sent.
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
  await deps.jobs.prepare([REFUND_QUEUE]);
  const settled = await deps.db.transaction(async (trx) => {
    const result = await settleIntent(trx, deps.gateway.name, intent);
    if (result.paid) await queueRefunds(deps.jobs, trx, result.refunds);
    return result;
  });
  if (settled.paid && settled.firstTime) {
    await runRefunds(deps, settled.refunds);
    const booking = await Booking.query(deps.db).findById(settled.payment.bookingId as string);
    if (booking) {
      await deps.mailer.send(receiptEmail(booking, settled.payment, deps.siteUrl));
    }
  }
  return settled;
}
