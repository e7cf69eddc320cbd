import { BALANCE_REQUEST_HOURS } from '@twinclean/shared/payments';
import type { Knex } from 'knex';
import { ref } from 'objection';
import { Booking } from '../../models/booking';
import type { PaymentDeps } from './ledger';
import { issuePayLink, queuePaymentRequest } from './pay-links';

/** What to do once the transaction that made a payment request commits: deliver its e-mail. */
export type AfterCommit = () => Promise<void>;

/**
 * The deposit request (DECISIONS.md "Payments"): once a provider is assigned and the price is
 * final, a pay-as-you-go client who has paid nothing is asked for the deposit, once. Called
 * within the transaction that assigned the job or confirmed its price; the booking's
 * deposit_requested_at is set only if still unset, so two such transactions ask once. The
 * e-mail is queued within the same transaction: asked means mailed, whatever dies after.
 */
export function depositRequests(deps: Pick<PaymentDeps, 'mailer' | 'siteUrl'>) {
  return {
    async due(trx: Knex.Transaction, bookingId: string): Promise<AfterCommit | null> {
      // The booking as the e-mail needs it comes back with the claim: one round trip less while
      // the transaction holds the booking's row (an accept's, which other accepts wait on).
      const [booking] = await Booking.query(trx)
        .patch({ depositRequestedAt: trx.fn.now() })
        .where({ id: bookingId, priceIsFinal: true, amountPaidCents: 0 })
        .whereNotNull('providerId')
        .whereNull('depositRequestedAt')
        .whereNull('canceledAt')
        .where('depositAmountCents', '>', 0)
        .returning('*');
      if (!booking) return null;
      const link = await issuePayLink(trx, bookingId, 'deposit');
      return queuePaymentRequest(trx, deps, booking, 'deposit', link);
    },
  };
}
export type DepositRequests = ReturnType<typeof depositRequests>;

/**
 * The balance request: 24 h before the visit every unpaid pay-as-you-go booking with a final
 * price is asked for the rest, once (a conditional UPDATE claims each, so several API processes
 * sweeping at once ask once). The e-mail is queued inside the claiming transaction, so a worker
 * killed after the claim commits still mails it (the outbox sender does). Members are charged
 * by their subscription instead. Returns how many were asked.
 */
export async function sweepBalanceRequests(
  deps: Pick<PaymentDeps, 'db' | 'mailer' | 'siteUrl'>,
  now = new Date(),
): Promise<number> {
  const horizon = new Date(now.getTime() + BALANCE_REQUEST_HOURS * 3_600_000);
  const due = await Booking.query(deps.db)
    .where({ subscriptionType: 'none', priceIsFinal: true })
    // A series visit is charged to the saved card 12 h before (subscriptions/visit-charges.ts).
    .whereNull('seriesId')
    .whereNull('balanceRequestedAt')
    .whereNull('canceledAt')
    .whereNull('clockOutAt')
    .where('scheduledAt', '<=', horizon)
    .where('amountPaidCents', '<', ref('totalAmountCents'))
    .select('id');
  let asked = 0;
  for (const { id } of due) {
    const deliver = await deps.db.transaction(async (trx) => {
      const [claimed] = await Booking.query(trx)
        .patch({ balanceRequestedAt: now })
        .where({ id })
        .whereNull('balanceRequestedAt')
        .returning('id');
      if (!claimed) return null;
      const booking = await Booking.query(trx).findById(id).throwIfNotFound();
      const purpose = booking.amountPaidCents > 0 ? 'balance' : 'full';
      const link = await issuePayLink(trx, id, purpose);
      return (await queuePaymentRequest(trx, deps, booking, purpose, link)) ?? (async () => {});
    });
    if (deliver) {
      await deliver();
      asked += 1;
    }
  }
  return asked;
}
