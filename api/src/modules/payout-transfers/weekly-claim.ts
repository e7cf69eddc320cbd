import { payoutPayability, tipOwedCents } from '@twinclean/shared/payout-rules';
import { hasPriceToConfirm } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { Payout } from '../../models/payout';
import type { PayoutAccount } from '../../models/payout-account';
import { PayoutTransfer, PayoutTransferLine } from '../../models/payout-transfer';
import { type ClaimCandidate, heldPayoutIds, lockClaimCandidates } from './claim-rows.sql';
import { weekBounds } from './week-schedule';

// The claim of a provider-week (DECISIONS.md "Payouts"): under the provider's payout rows' locks
// (which Mark Paid and a review take too), what is owed is frozen in lines and the transfer row
// is inserted; the unique (provider, week) key makes a second worker's claim a no-op.

type Line = { payoutId: string; payCents: number; tipCents: number; pays: boolean };

/** A line for each payout the transfer may pay: approved pay, and tips not yet paid out. */
function linesOf(candidates: ClaimCandidate[], held: Set<string>): Line[] {
  return candidates.flatMap((p): Line[] => {
    const heldByTransfer = held.has(p.id);
    if (p.status === 'paid') {
      const owed = heldByTransfer ? 0 : tipOwedCents(p);
      return owed > 0 ? [{ payoutId: p.id, payCents: 0, tipCents: owed, pays: false }] : [];
    }
    const priceToConfirm = hasPriceToConfirm(p.serviceType) && !p.priceIsFinal;
    if (!payoutPayability({ ...p, priceToConfirm, heldByTransfer }).payable) return [];
    const tipCents = Math.max(0, p.tipCents - p.tipPaidCents);
    return [{ payoutId: p.id, payCents: p.totalAmountCents, tipCents, pays: true }];
  });
}

/**
 * Claims `weekStart` for the account's provider: null when the week is already claimed or there
 * is nothing to pay. Pays every approved payout clocked out before the week's end that no
 * transfer holds (so one approved late is caught up), and tips owed on payouts paid earlier.
 */
export async function claimWeek(
  db: Knex,
  account: PayoutAccount,
  weekStart: string,
  now = new Date(),
): Promise<PayoutTransfer | null> {
  const { to } = weekBounds(weekStart);
  return db.transaction(async (trx) => {
    const claimed = await PayoutTransfer.query(trx)
      .where({ providerId: account.providerId, weekStart })
      .first();
    if (claimed) return null;
    const candidates = await lockClaimCandidates(trx, account.providerId, to);
    if (candidates.length === 0) return null;
    const held = await heldPayoutIds(
      trx,
      candidates.map((p) => p.id),
    );
    const lines = linesOf(candidates, held);
    const amountCents = lines.reduce((sum, l) => sum + l.payCents + l.tipCents, 0);
    if (amountCents <= 0) return null;
    const tipCents = lines.reduce((sum, l) => sum + l.tipCents, 0);
    const transfer = (await PayoutTransfer.query(trx)
      .insert({
        providerId: account.providerId,
        weekStart,
        amountCents,
        tipCents,
        gateway: account.gateway,
        accountId: account.accountId,
        nextAttemptAt: now,
      })
      .onConflict(['providerId', 'weekStart'])
      .ignore()
      .returning('*')) as PayoutTransfer | undefined;
    if (!transfer?.id) return null;
    await PayoutTransferLine.query(trx).insert(
      lines.map(({ payoutId, payCents, tipCents: tip }) => ({
        transferId: transfer.id,
        payoutId,
        payCents,
        tipCents: tip,
      })),
    );
    const paying = lines.filter((l) => l.pays).map((l) => l.payoutId);
    if (paying.length > 0) {
      await Payout.query(trx).whereIn('id', paying).patch({ transferId: transfer.id });
    }
    await audit(trx, {
      actorId: null,
      action: 'payout_transfer.claimed',
      entity: 'payout_transfer',
      entityId: transfer.id,
      before: null,
      after: {
        providerId: account.providerId,
        weekStart,
        amountCents,
        tipCents,
        lines: lines.length,
      },
    });
    return transfer;
  });
}
