import { SCHEDULING_TIME_ZONE } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';

// What was paid out to providers per calendar year in America/Chicago (DECISIONS.md "Payouts",
// the 1099-NEC figures): by weekly transfer (the transfers the gateway took, by when it took
// them) and by hand (Mark Paid, by when it was marked). A payout paid by hand whose owed tip a
// later transfer paid counts that tip once: in the transfer, not again by hand.

export type PaidTotalRow = {
  providerId: string;
  year: number;
  byTransferCents: number;
  byHandCents: number;
};

export type PaidTotalsFilter = { providerId?: string; year?: number };

/** Each provider's and year's totals (zero years left out), by provider then newest year first. */
export async function paidTotals(db: Knex, filter: PaidTotalsFilter = {}): Promise<PaidTotalRow[]> {
  // Each side's own conditions and their bindings, in the order the text uses them.
  const side = (providerColumn: string, instantColumn: string) => {
    const sql: string[] = [];
    const bindings: (string | number)[] = [];
    if (filter.providerId) {
      sql.push(`AND ${providerColumn} = ?`);
      bindings.push(filter.providerId);
    }
    if (filter.year !== undefined) {
      sql.push(`AND EXTRACT(YEAR FROM ${instantColumn} AT TIME ZONE ?)::int = ?`);
      bindings.push(SCHEDULING_TIME_ZONE, filter.year);
    }
    return { sql: sql.join(' '), bindings };
  };
  const transfers = side('t.provider_id', 't.sent_at');
  const hand = side('po.provider_id', 'po.paid_at');
  const { rows } = await db.raw<{ rows: PaidTotalRow[] }>(
    `WITH by_transfer AS (
       SELECT t.provider_id, EXTRACT(YEAR FROM t.sent_at AT TIME ZONE ?)::int AS year,
              SUM(t.amount_cents)::bigint AS cents
       FROM payout_transfers t
       WHERE t.status = 'paid' AND t.sent_at IS NOT NULL ${transfers.sql}
       GROUP BY 1, 2
     ), by_hand AS (
       SELECT po.provider_id, EXTRACT(YEAR FROM po.paid_at AT TIME ZONE ?)::int AS year,
              SUM(po.total_amount_cents + po.tip_paid_cents - COALESCE((
                SELECT SUM(l.tip_cents) FROM payout_transfer_lines l
                JOIN payout_transfers lt ON lt.id = l.transfer_id
                WHERE l.payout_id = po.id AND lt.status = 'paid' AND lt.canceled_by IS NULL), 0))::bigint AS cents
       FROM payouts po
       WHERE po.status = 'paid' AND po.paid_by IS NOT NULL AND po.paid_at IS NOT NULL ${hand.sql}
       GROUP BY 1, 2
     )
     SELECT COALESCE(a.provider_id, b.provider_id) AS "providerId",
            COALESCE(a.year, b.year) AS year,
            COALESCE(a.cents, 0) AS "byTransferCents",
            COALESCE(b.cents, 0) AS "byHandCents"
     FROM by_transfer a FULL JOIN by_hand b ON b.provider_id = a.provider_id AND b.year = a.year
     WHERE COALESCE(a.cents, 0) + COALESCE(b.cents, 0) <> 0
     ORDER BY 1, 2 DESC`,
    [SCHEDULING_TIME_ZONE, ...transfers.bindings, SCHEDULING_TIME_ZONE, ...hand.bindings],
  );
  // Raw rows keep their SQL names: the aliases above are already the camelCase ones.
  return rows;
}
