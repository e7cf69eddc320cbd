import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';

// The claim's reads (weekly-claim.ts): a provider's payouts a transfer may pay, locked, and which
// of them a transfer not yet sent already holds.

export type ClaimCandidate = {
  id: string;
  status: 'pending' | 'paid';
  reviewReason: string | null;
  totalAmountCents: number;
  tipCents: number;
  tipPaidCents: number;
  serviceType: ServiceType;
  priceIsFinal: boolean;
};

/**
 * Locks (FOR UPDATE, as Mark Paid and a review do) the provider's payouts clocked out before
 * `before` that may be owed: pending ones no transfer holds, and paid ones with a tip not yet
 * paid out. Oldest first.
 */
export function lockClaimCandidates(
  trx: Knex.Transaction,
  providerId: string,
  before: Date,
): Promise<ClaimCandidate[]> {
  return trx('payouts as p')
    .join('bookings as b', 'b.id', 'p.bookingId')
    .select(
      'p.id',
      'p.status',
      'p.reviewReason',
      'p.totalAmountCents',
      'p.tipCents',
      'p.tipPaidCents',
      'b.serviceType',
      'b.priceIsFinal',
    )
    .where('p.providerId', providerId)
    .where('p.createdAt', '<', before)
    .where((q) =>
      q
        .where((pending) => pending.where('p.status', 'pending').whereNull('p.transferId'))
        .orWhere((paid) =>
          paid.where('p.status', 'paid').whereRaw('p.tip_cents > p.tip_paid_cents'),
        ),
    )
    .orderBy([{ column: 'p.createdAt' }, { column: 'p.id' }])
    .forUpdate('p');
}

/** Which of these payouts a transfer not yet sent (pending or failed) holds a line of. */
export async function heldPayoutIds(db: Knex, payoutIds: string[]): Promise<Set<string>> {
  if (payoutIds.length === 0) return new Set();
  const rows: { payoutId: string }[] = await db('payoutTransferLines as l')
    .join('payoutTransfers as t', 't.id', 'l.transferId')
    .whereIn('l.payoutId', payoutIds)
    .whereIn('t.status', ['pending', 'failed'])
    .distinct('l.payoutId');
  return new Set(rows.map((row) => row.payoutId));
}
