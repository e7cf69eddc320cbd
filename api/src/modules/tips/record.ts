import type { Knex } from 'knex';
import { queueMail } from '../../adapters/mailer';
import type { GatewayIntent, PaymentListener } from '../../adapters/payments/gateway';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { Payout } from '../../models/payout';
import { User } from '../../models/user';
import { receiptEmail } from '../payments/emails';
import { type PaymentDeps, recordSucceeded } from '../payments/ledger';
import { tipReceivedEmail } from './emails';

export type TipSettled =
  | { paid: true; payment: Payment; firstTime: boolean }
  | { paid: false; message: string };

/** The booking a tip intent is for, from what we attached at creation; null when not a tip. */
export const tipBookingOf = (intent: GatewayIntent): string | null =>
  intent.metadata.purpose === 'tip' && intent.metadata.bookingId ? intent.metadata.bookingId : null;

/**
 * Records a succeeded tip intent once, whoever reports it first (the browser, Stripe's webhook,
 * the LocalGateway's card form): under the booking's lock, then the payment row's (the order
 * settling a booking payment takes), the payment becomes succeeded and the visit's payout gains
 * the tip in the same transaction, with the provider's "You got a tip" and the client's receipt
 * queued beside them. Later reports find the row succeeded and change nothing. The amount is the
 * gateway's. A tip never touches the booking's amounts (paid, total, deposit).
 */
async function settleTip(deps: PaymentDeps, intent: GatewayIntent): Promise<TipSettled> {
  const bookingId = tipBookingOf(intent);
  if (!bookingId) return { paid: false, message: 'This payment is not a tip.' };
  if (intent.status !== 'succeeded') {
    return { paid: false, message: intent.failureMessage ?? 'The payment has not gone through.' };
  }
  const known = await Payment.query(deps.db).findOne({ gatewayPaymentId: intent.id });
  if (known?.status === 'succeeded') return { paid: true, payment: known, firstTime: false };
  const { settled, mails } = await deps.db.transaction(async (trx) => {
    const booking = await Booking.query(trx).findById(bookingId).forUpdate();
    if (!booking) throw new AppError(409, 'tip_unrecorded', 'This tip is for no visit of ours.');
    const row = await Payment.query(trx).findOne({ gatewayPaymentId: intent.id }).forUpdate();
    if (row?.status === 'succeeded') {
      return { settled: { paid: true, payment: row, firstTime: false } as const, mails: [] };
    }
    const payout = await tipPayout(trx, bookingId, intent);
    const payment = await recordSucceeded(trx, row, intent, {
      userId: booking.clientId,
      bookingId,
      gateway: deps.gateway.name,
      kind: 'tip',
    });
    await payout.$query(trx).patch({ tipCents: payout.tipCents + intent.amountCents });
    const provider = await User.query(trx).findById(payout.providerId).throwIfNotFound();
    const queued = [
      await queueMail(trx, tipReceivedEmail(provider, booking, intent.amountCents)),
      await queueMail(trx, receiptEmail(booking, payment, deps.siteUrl)),
    ];
    return { settled: { paid: true, payment, firstTime: true } as const, mails: queued };
  });
  for (const id of mails) await deps.mailer.deliver(id);
  return settled;
}

/**
 * The payout of the visit the tip was given for, locked. Its provider must be the one the
 * intent named: a tip is for the cleaner the client saw, never moved to anyone else.
 */
async function tipPayout(trx: Knex.Transaction, bookingId: string, intent: GatewayIntent) {
  const payout = await Payout.query(trx).findOne({ bookingId }).forUpdate();
  if (!payout || payout.providerId !== intent.metadata.providerId) {
    throw new AppError(409, 'tip_unrecorded', 'This tip has no payout to go on.');
  }
  return payout;
}

/** The browser's report of a tip: refused unless the gateway says it was paid. */
export async function recordTipReport(
  deps: PaymentDeps,
  bookingId: string,
  paymentIntentId: string,
): Promise<Payment> {
  const intent = await deps.gateway.retrieveIntent(paymentIntentId);
  if (!intent) throw new AppError(404, 'not_found', 'Payment not found.');
  if (tipBookingOf(intent) !== bookingId) {
    throw new AppError(409, 'intent_mismatch', 'This payment is not a tip for this visit.');
  }
  const settled = await settleTip(deps, intent);
  if (!settled.paid) throw new AppError(402, 'payment_failed', settled.message);
  return settled.payment;
}

/**
 * What the gateway reports on its own about a tip (payments hands tip intents here; app.ts wires
 * it). A tip that cannot be recorded is logged, not thrown: a webhook retried forever would not
 * make it recordable, and the reconciliation shows the difference.
 */
export const tipReports =
  (deps: PaymentDeps): PaymentListener =>
  async (intent) => {
    try {
      await settleTip(deps, intent);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.logger.error({ err: error, intent: intent.id }, 'a paid tip could not be recorded');
    }
  };

/** Records a tip paid meanwhile (an intent being replaced), logged like a reported one. */
export const settleTipQuietly = (deps: PaymentDeps, intent: GatewayIntent) =>
  tipReports(deps)(intent);
