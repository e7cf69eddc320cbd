import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout, localPayoutAccount, transferWith } from '../../test/transfers-world';
import {
  ledgerTransfersById,
  ledgerTransfersIn,
  ledgerTransfersOf,
  unevenTransfersIn,
  unpaidPayoutsIn,
} from './transfers-reconcile.sql';

const db = useTestDatabase();
const NOV = { from: new Date('2026-11-01T06:00:00Z'), to: new Date('2026-12-01T06:00:00Z') };
const t = { sent: '', uneven: '', unpaid: '', failed: '', october: '' };
let unpaidPayout = '';

beforeAll(async () => {
  const provider = await newUser(db.knex, 'provider');
  const accountId = await localPayoutAccount(db.knex, provider);
  const job = (day: string) =>
    jobPayout(db.knex, provider.id, { at: new Date(`${day}T18:00:00Z`) });
  const paid = async (
    weekStart: string,
    sentAt: string,
    jobs: { payoutId: string; payCents: number; tipCents?: number }[],
  ) =>
    transferWith(db.knex, {
      providerId: provider.id,
      weekStart,
      accountId,
      status: 'paid',
      lines: jobs,
      sentAt: new Date(sentAt),
      gatewayTransferId: `tr_${weekStart}`,
    });
  t.sent = await paid('2026-11-02', '2026-11-09T14:00:00Z', [await job('2026-11-03')]);
  t.uneven = await paid('2026-11-09', '2026-11-16T14:00:00Z', [await job('2026-11-10')]);
  await db.knex('payoutTransfers').where({ id: t.uneven }).update({ amountCents: 8000 });
  const unpaidJob = await job('2026-11-17');
  unpaidPayout = unpaidJob.payoutId;
  t.unpaid = await paid('2026-11-16', '2026-11-23T14:00:00Z', [
    unpaidJob,
    // A tip-only line pays no pay: its payout is not this transfer's to mark paid.
    { payoutId: (await job('2026-11-18')).payoutId, payCents: 0, tipCents: 500 },
  ]);
  await db.knex('payouts').where({ id: unpaidPayout }).update({ status: 'pending', paidAt: null });
  t.failed = await transferWith(db.knex, {
    providerId: provider.id,
    weekStart: '2026-11-23',
    accountId,
    status: 'failed',
    lines: [await job('2026-11-24')],
  });
  t.october = await paid('2026-10-19', '2026-10-26T14:00:00Z', [await job('2026-10-20')]);
});

describe("the transfers' side of the reconciliation", () => {
  it('reads the transfers sent in the period that the gateway took', async () => {
    const rows = await ledgerTransfersIn(db.knex, 'local', NOV);
    expect(rows.map((r) => r.id).sort()).toEqual([t.sent, t.uneven, t.unpaid].sort());
    expect(rows.find((r) => r.id === t.sent)).toMatchObject({
      weekStart: '2026-11-02',
      status: 'paid',
      gatewayTransferId: 'tr_2026-11-02',
      amountCents: 7500,
      sentAt: new Date('2026-11-09T14:00:00Z'),
    });
    expect(await ledgerTransfersIn(db.knex, 'stripe', NOV)).toEqual([]);
  });

  it('reads transfers by the gateway ids and by ours, whenever sent', async () => {
    const byGateway = await ledgerTransfersOf(db.knex, 'local', ['tr_2026-10-19', 'tr_unknown']);
    expect(byGateway.map((r) => r.id)).toEqual([t.october]);
    const byOurs = await ledgerTransfersById(db.knex, 'local', [t.failed, randomUUID()]);
    expect(byOurs).toMatchObject([{ id: t.failed, status: 'failed', gatewayTransferId: null }]);
  });

  it('finds paid transfers whose lines do not add up to them', async () => {
    expect(await unevenTransfersIn(db.knex, 'local', NOV)).toEqual([
      expect.objectContaining({
        id: t.uneven,
        amountCents: 8000,
        tipCents: 0,
        linesCents: 7500,
        lineTipCents: 0,
      }),
    ]);
  });

  it('finds payouts a paid transfer paid the pay of that are not paid', async () => {
    expect(await unpaidPayoutsIn(db.knex, 'local', NOV)).toEqual([
      expect.objectContaining({
        transferId: t.unpaid,
        gatewayTransferId: 'tr_2026-11-16',
        payoutId: unpaidPayout,
        payoutStatus: 'pending',
      }),
    ]);
    expect(await unpaidPayoutsIn(db.knex, 'local', { from: NOV.to, to: new Date() })).toEqual([]);
  });
});
