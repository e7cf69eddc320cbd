import type { Knex } from 'knex';
import type { GatewayCharge, GatewayPeriod, GatewayRefundRecord } from './gateway';

// The LocalGateway's own lists of what it did in a period, as Stripe's list endpoints give them:
// what reconciliation holds our payments ledger against.

type ChargeRow = Omit<GatewayCharge, 'metadata'> & { metadata: Record<string, string> | null };

/** Its payment intents created in [from, to), whatever became of them, the oldest first. */
export async function localChargesIn(
  db: Knex,
  { from, to }: GatewayPeriod,
): Promise<GatewayCharge[]> {
  const rows: ChargeRow[] = await db('localGatewayIntents')
    .select('id', 'status', 'amountCents', 'metadata', 'createdAt')
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
  return rows.map((row) => ({ ...row, metadata: row.metadata ?? {} }));
}

const refundRows = (db: Knex) =>
  db('localGatewayRefunds').select('id', 'intentId as paymentIntentId', 'amountCents', 'createdAt');

// Each refund of the LocalGateway moved the money at once.
const asRefund = (row: Omit<GatewayRefundRecord, 'status'>): GatewayRefundRecord => ({
  ...row,
  status: 'succeeded',
});

/** Its refunds created in [from, to), the oldest first. */
export async function localRefundsIn(
  db: Knex,
  { from, to }: GatewayPeriod,
): Promise<GatewayRefundRecord[]> {
  const rows: Omit<GatewayRefundRecord, 'status'>[] = await refundRows(db)
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
  return rows.map(asRefund);
}

/** One refund by its id; null when it has none. */
export async function localRefund(db: Knex, id: string): Promise<GatewayRefundRecord | null> {
  const row: Omit<GatewayRefundRecord, 'status'> | undefined = await refundRows(db)
    .where({ id })
    .first();
  return row ? asRefund(row) : null;
}
