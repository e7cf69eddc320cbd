import { centsToDollars } from '@twinclean/shared/money';
import type { TipIntentAnswer, TipRequest } from '@twinclean/shared/tips';
import type { GatewayIntent } from '../../adapters/payments/gateway';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import type { PaymentDeps } from '../payments/ledger';
import { settleTipQuietly } from './record';
import { tipCentsOf, tippablePayout } from './rules';

const OPEN_STATUSES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

const answerOf = (deps: PaymentDeps, intent: GatewayIntent): TipIntentAnswer => ({
  paymentIntentId: intent.id,
  clientSecret: intent.clientSecret,
  amount: centsToDollars(intent.amountCents),
  gateway: deps.gateway.name,
  publishableKey: deps.gateway.publishableKey,
});

/**
 * An intent for the tip the client chose, the amount worked out here (a percent of the visit's
 * price, or their amount), as createBookingIntent does for a booking: no lock is held while the
 * gateway is asked, the idempotency key is the claim (tabs asking at once for the same tip get
 * one intent and one payment row), and the tip intent recorded last cancels the visit's other
 * open ones, so a tip changed before paying is never charged twice. Nothing is written when the
 * visit cannot be tipped.
 */
export async function openTip(
  deps: PaymentDeps,
  bookingId: string,
  request: TipRequest,
  now = new Date(),
): Promise<TipIntentAnswer> {
  const booking = await Booking.query(deps.db).findById(bookingId);
  if (!booking) throw notFound('Booking');
  const payout = await tippablePayout(deps.db, booking, now);
  const cents = tipCentsOf(booking, request);
  const tips = await Payment.query(deps.db).where({ bookingId, kind: 'tip' });
  for (const row of tips) {
    if (row.status !== 'requires_payment' || row.amountCents !== cents) continue;
    const open = await deps.gateway.retrieveIntent(row.gatewayPaymentId);
    if (open && OPEN_STATUSES.has(open.status)) return answerOf(deps, open);
  }
  const intent = await deps.gateway.createIntent({
    amountCents: cents,
    description: `TwinClean tip for booking ${bookingId}`,
    metadata: { bookingId, purpose: 'tip', providerId: payout.providerId },
    // A new number for each tip row, so a canceled intent's key is never asked again.
    idempotencyKey: `tip:${bookingId}:${tips.length}:${cents}`,
  });
  const replaced = await deps.db.transaction(async (trx) => {
    // The booking's lock orders this against a tip being recorded (record.ts takes it first).
    await Booking.query(trx).findById(bookingId).forUpdate();
    await Payment.query(trx)
      .insert({
        userId: booking.clientId,
        bookingId,
        gateway: deps.gateway.name,
        gatewayPaymentId: intent.id,
        kind: 'tip',
        amountCents: cents,
        status: 'requires_payment',
      })
      .onConflict('gatewayPaymentId')
      .ignore();
    return Payment.query(trx)
      .patch({ status: 'canceled' })
      .where({ bookingId, kind: 'tip', status: 'requires_payment' })
      .whereNot({ gatewayPaymentId: intent.id })
      .returning('gatewayPaymentId');
  });
  await closeTips(
    deps,
    replaced.map((p) => p.gatewayPaymentId),
  );
  return answerOf(deps, intent);
}

/**
 * Cancels tip intents the client replaced; one paid meanwhile is a tip the client gave, and is
 * recorded. A gateway that does not answer leaves it open: paid later, it is recorded then.
 */
async function closeTips(deps: PaymentDeps, ids: string[]): Promise<void> {
  for (const id of ids) {
    try {
      const intent = await deps.gateway.retrieveIntent(id);
      if (intent?.status === 'succeeded') await settleTipQuietly(deps, intent);
      else await deps.gateway.cancelIntent(id);
    } catch (error) {
      deps.logger.warn({ err: error, intent: id }, 'could not close a replaced tip intent');
    }
  }
}
