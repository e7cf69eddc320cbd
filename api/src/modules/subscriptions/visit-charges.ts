import { paymentChoices } from '@twinclean/shared/payments';
import { serviceTitle } from '@twinclean/shared/services';
import { VISIT_CHARGE_HOURS } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { ref } from 'objection';
import { queueMail } from '../../adapters/mailer';
import { when } from '../../core/email-layout';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { User } from '../../models/user';
import { spendCreditOnVisit } from '../credits/prepaid';
import { settleAndNotify } from '../payments/intents';
import type { PaymentDeps } from '../payments/ledger';
import { issuePayLink } from '../payments/pay-links';
import { visitChargeFailedEmail } from './emails';
import { chargeCard } from './membership';
import { CHARGE_LEASE_MS } from './renewals';

export type VisitChargeOutcome = 'charged' | 'failed' | null;

/**
 * Bookings made at the member rate or visits of a series (DECISIONS.md "Recurring visits"),
 * unpaid, 12 h or less ahead, not yet tried (or abandoned), and not waiting on a moved day's
 * answer: nothing is charged for a moved visit until its client settles the new time (through
 * the e-mailed link or by moving it themselves) or lets the cleaner in.
 */
function due(db: Knex, now: Date) {
  const horizon = new Date(now.getTime() + VISIT_CHARGE_HOURS * 3_600_000);
  const stale = new Date(now.getTime() - CHARGE_LEASE_MS);
  return Booking.query(db)
    .where((q) => q.whereNot('subscriptionType', 'none').orWhereNotNull('seriesId'))
    .modify('moveAnswered')
    .where({ priceIsFinal: true })
    .whereNotNull('clientId')
    .whereNull('canceledAt')
    .whereNull('clockOutAt')
    .whereNull('visitChargeFailedAt')
    .where('scheduledAt', '<=', horizon)
    .where('amountPaidCents', '<', ref('totalAmountCents'))
    .where((q) => q.whereNull('visitChargeClaimedAt').orWhere('visitChargeClaimedAt', '<', stale));
}

/**
 * Members' visits (DECISIONS.md "Subscriptions") and series visits: each is charged to the saved
 * card 12 h before it, once, whatever the number of workers or restarts: a conditional UPDATE
 * claims the booking, the client's referral credit is spent on it first (once per visit, so a
 * takeover after a crash reads the same lowered total), the charge's idempotency key is the
 * booking's and amount's (the takeover repeats the same charge), and the ledger records one
 * payment per gateway id. A refused charge e-mails a pay link instead, once. A booking keeps the
 * member price it was made at, whatever the membership does since.
 */
export async function sweepVisitCharges(
  deps: PaymentDeps,
  now = new Date(),
): Promise<VisitChargeOutcome[]> {
  const bookings = await due(deps.db, now).select('id');
  const outcomes: VisitChargeOutcome[] = [];
  for (const { id } of bookings) {
    outcomes.push(
      await chargeVisit(deps, id, now).catch((error: unknown) => {
        deps.logger.error({ err: error, bookingId: id }, 'visit charge failed; will retry');
        return null;
      }),
    );
  }
  return outcomes;
}

export async function chargeVisit(
  deps: PaymentDeps,
  bookingId: string,
  now: Date,
): Promise<VisitChargeOutcome> {
  const [claimed] = await due(deps.db, now)
    .where('bookings.id', bookingId)
    .patch({ visitChargeClaimedAt: now })
    .returning('*');
  if (!claimed) return null;
  const booking = await deps.db.transaction(async (trx) => {
    const fresh = await Booking.query(trx).findById(bookingId).forUpdate().throwIfNotFound();
    const [owed] = paymentChoices(fresh);
    return owed ? spendCreditOnVisit(trx, fresh, owed.cents) : fresh;
  });
  // Credit that covered the whole visit leaves nothing to charge: it is paid.
  const [choice] = paymentChoices(booking);
  if (!choice) return null;
  const client = await User.query(deps.db).findById(booking.clientId as string);
  const card = await chargeCard(deps.db, booking.clientId as string);
  const intent =
    card && client?.gatewayCustomerId
      ? await deps.gateway.chargeSavedCard({
          customerId: client.gatewayCustomerId,
          paymentMethodId: card.gatewayPaymentMethodId,
          amountCents: choice.cents,
          description: `TwinClean booking ${booking.id} (${booking.seriesId ? 'recurring' : 'member'} visit)`,
          metadata: { bookingId: booking.id, option: choice.option },
          idempotencyKey: `visit:${booking.id}:${choice.cents}`,
        })
      : null;
  if (intent?.status === 'succeeded') {
    await settleAndNotify(deps, intent);
    return 'charged';
  }
  const reason = intent?.failureMessage ?? 'There is no saved card to charge.';
  const mail = await deps.db.transaction(async (trx) => {
    const [first] = await Booking.query(trx)
      .patch({ visitChargeFailedAt: now })
      .where({ id: booking.id, visitChargeClaimedAt: now })
      .whereNull('visitChargeFailedAt')
      .returning('id');
    if (!first) return null;
    if (intent) {
      await Payment.query(trx)
        .insert({
          userId: booking.clientId,
          bookingId: booking.id,
          gateway: deps.gateway.name,
          gatewayPaymentId: intent.id,
          kind: choice.option,
          amountCents: intent.amountCents,
          status: 'failed',
          failureMessage: reason,
        })
        .onConflict('gatewayPaymentId')
        .ignore();
    }
    const link = await issuePayLink(trx, booking.id, choice.option);
    const visit = `your ${serviceTitle(booking.serviceType).toLowerCase()} on ${when(booking.scheduledDate, booking.scheduledTime)}`;
    // Queued with the failure it tells of: a worker killed after the commit still mails it.
    return queueMail(
      trx,
      visitChargeFailedEmail(
        { email: booking.clientEmail, firstName: booking.clientFirstName },
        choice.cents,
        reason,
        visit,
        `${deps.siteUrl}${link}`,
      ),
    );
  });
  if (!mail) return null;
  await deps.mailer.deliver(mail);
  return 'failed';
}
