import type { Knex } from 'knex';
import { lockKey } from '../../db/locks';
import { CreditEntry } from '../../models/credit';

// A client's referral credit is the sum of their ledger's entries (DECISIONS.md "Service area
// and promotions"). Whatever writes to one client's ledger first takes their lock, so two
// bookings at once never both spend the same dollars.

export const lockCredits = (trx: Knex.Transaction, clientId: string) =>
  lockKey(trx, `credits:${clientId}`);

export async function creditBalance(db: Knex, clientId: string): Promise<number> {
  const row = (await CreditEntry.query(db)
    .where({ clientId })
    .sum('amountCents as total')
    .first()) as unknown as { total: number | null } | undefined;
  return Number(row?.total ?? 0);
}

/**
 * Spends up to `maxCents` of the client's credit on a booking made in `trx`, under their lock;
 * returns what was spent (0 with no credit). The entry names the booking, so cancelling it can
 * give the credit back.
 */
export async function spendCredit(
  trx: Knex.Transaction,
  clientId: string,
  maxCents: number,
): Promise<{ cents: number; record: (bookingId: string) => Promise<void> }> {
  await lockCredits(trx, clientId);
  const cents = Math.max(0, Math.min(await creditBalance(trx, clientId), maxCents));
  return {
    cents,
    record: async (bookingId) => {
      if (cents > 0) {
        await CreditEntry.query(trx).insert({
          clientId,
          amountCents: -cents,
          kind: 'booking',
          bookingId,
        });
      }
    },
  };
}

/**
 * Gives back to the client what a booking spent beyond `keepCents` (0 when it is canceled, the
 * new cap when its price fell); returns what it still spends.
 */
export async function releaseCredit(
  trx: Knex.Transaction,
  booking: { id: string; clientId: string | null },
  keepCents: number,
): Promise<number> {
  if (!booking.clientId) return 0;
  await lockCredits(trx, booking.clientId);
  const entries = await CreditEntry.query(trx)
    // By the client first: credit_entries is indexed by client, not by booking.
    .where({ clientId: booking.clientId, bookingId: booking.id })
    .whereIn('kind', ['booking', 'booking_released']);
  const spent = -entries.reduce((sum, e) => sum + e.amountCents, 0);
  const back = Math.max(0, spent - keepCents);
  if (back > 0) {
    await CreditEntry.query(trx).insert({
      clientId: booking.clientId,
      amountCents: back,
      kind: 'booking_released',
      bookingId: booking.id,
    });
  }
  return spent - back;
}
