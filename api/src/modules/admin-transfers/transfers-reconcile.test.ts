import { randomUUID } from 'node:crypto';
import { reconciliationSchema } from '@twinclean/shared/admin-reconciliation';
import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { localGateway } from '../../adapters/payments/local-gateway';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { jobPayout, localPayoutAccount, transferWith } from '../../test/transfers-world';
import { transferGroupOf } from '../payout-transfers/names';
import { reconcileTransfers } from './transfers-reconcile';

const db = useTestDatabase();
const api = useTestServer(db);
let staff: JsonCall;

beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
});

const gateway = () => localGateway(db.knex);
/** A whole America/Chicago day, as the reconciliation page asks for it. */
const dayOf = (day: string) => ({
  from: chicagoInstant(day, '00:00'),
  to: chicagoInstant(addDays(day, 1), '00:00'),
});
const noon = (day: string) => chicagoInstant(day, '12:00');

/** A provider with a LocalGateway account and a job of 3 h ($75.00) in the week of `weekStart`. */
async function providerWithJob(weekStart: string) {
  const provider = await newUser(db.knex, 'provider');
  const accountId = await localPayoutAccount(db.knex, provider);
  const job = await jobPayout(db.knex, provider.id, { at: noon(addDays(weekStart, 2)) });
  return { providerId: provider.id, accountId, job };
}

/** A transfer made at the LocalGateway, created at `at` on its clock. */
async function gatewayTransfer(
  t: { providerId: string; accountId: string; weekStart: string; amountCents: number },
  at: Date,
  metadata: Record<string, string> = {},
) {
  const made = await gateway().connect.createTransfer({
    accountId: t.accountId,
    amountCents: t.amountCents,
    transferGroup: transferGroupOf(t.providerId, t.weekStart),
    description: `TwinClean pay, week of ${t.weekStart}`,
    metadata,
    idempotencyKey: randomUUID(),
  });
  await db.knex('localGatewayTransfers').where({ id: made.id }).update({ createdAt: at });
  return made.id;
}

/**
 * A week paid as the weekly run pays it: the gateway's transfer (of `gatewayCents`, default the
 * transfer's amount) and ours, sent at noon on `day`.
 */
async function paidWeek(day: string, options: { gatewayCents?: number; atGateway?: boolean } = {}) {
  const weekStart = addDays(day, -7);
  const { providerId, accountId, job } = await providerWithJob(weekStart);
  const amountCents = job.payCents;
  const gatewayTransferId =
    options.atGateway === false
      ? `tr_local_ghost_${randomUUID()}`
      : await gatewayTransfer(
          { providerId, accountId, weekStart, amountCents: options.gatewayCents ?? amountCents },
          noon(day),
        );
  const id = await transferWith(db.knex, {
    providerId,
    weekStart,
    accountId,
    status: 'paid',
    lines: [job],
    sentAt: new Date(noon(day).getTime() + 1000),
    gatewayTransferId,
  });
  return { id, gatewayTransferId, job, amountCents };
}

describe('reconciling the weekly transfers', () => {
  it('finds no difference in a week paid cleanly, counting it once', async () => {
    await paidWeek('2026-10-05');
    expect(
      await reconcileTransfers({ db: db.knex, gateway: gateway() }, dayOf('2026-10-05')),
    ).toEqual({ checked: 1, differences: [] });
  });

  it('matches a transfer whose two sides fall either side of midnight', async () => {
    const day = '2026-10-21';
    const weekStart = addDays(day, -8);
    const { providerId, accountId, job } = await providerWithJob(weekStart);
    // The gateway's clock: a second before midnight; ours a second after.
    const midnight = chicagoInstant(day, '00:00');
    const gatewayTransferId = await gatewayTransfer(
      { providerId, accountId, weekStart, amountCents: job.payCents },
      new Date(midnight.getTime() - 1000),
    );
    await transferWith(db.knex, {
      providerId,
      weekStart,
      accountId,
      status: 'paid',
      lines: [job],
      sentAt: new Date(midnight.getTime() + 1000),
      gatewayTransferId,
    });
    const deps = { db: db.knex, gateway: gateway() };
    expect(await reconcileTransfers(deps, dayOf(day))).toEqual({ checked: 1, differences: [] });
    expect(await reconcileTransfers(deps, dayOf(addDays(day, -1)))).toEqual({
      checked: 1,
      differences: [],
    });
  });

  it('finds a gateway transfer we do not know, and names the transfer it was made for', async () => {
    const day = '2026-10-07';
    const weekStart = addDays(day, -9);
    const { providerId, accountId, job } = await providerWithJob(weekStart);
    // The gateway made it, but never told us: our row still says failed.
    const ours = await transferWith(db.knex, {
      providerId,
      weekStart,
      accountId,
      status: 'failed',
      lines: [job],
      failureMessage: 'The payment gateway did not answer.',
    });
    const t = { providerId, accountId, weekStart, amountCents: job.payCents };
    const made = await gatewayTransfer(t, noon(day), { transferId: ours });
    // And one nobody here asked for.
    const stranger = await gatewayTransfer({ ...t, amountCents: 999 }, noon(day), {});
    const result = await reconcileTransfers({ db: db.knex, gateway: gateway() }, dayOf(day));
    expect(result.checked).toBe(2);
    expect(result.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'missing_in_ledger',
          record: 'transfer',
          gatewayId: made,
          ledgerId: ours,
          ledgerStatus: 'failed',
          ledgerAmountCents: 7500,
          gatewayAmountCents: 7500,
          gatewayStatus: 'paid',
        }),
        expect.objectContaining({
          kind: 'missing_in_ledger',
          gatewayId: stranger,
          ledgerId: null,
          gatewayAmountCents: 999,
        }),
      ]),
    );
    expect(result.differences).toHaveLength(2);
  });

  it('finds ours missing at the gateway, and the two amounts apart', async () => {
    const ghost = await paidWeek('2026-10-08', { atGateway: false });
    const apart = await paidWeek('2026-10-09', { gatewayCents: 7000 });
    const deps = { db: db.knex, gateway: gateway() };
    expect(await reconcileTransfers(deps, dayOf('2026-10-08'))).toEqual({
      checked: 1,
      differences: [
        {
          kind: 'missing_at_gateway',
          record: 'transfer',
          gatewayId: ghost.gatewayTransferId,
          ledgerId: ghost.id,
          ledgerAmountCents: 7500,
          gatewayAmountCents: null,
          ledgerStatus: 'paid',
          gatewayStatus: null,
          at: new Date(noon('2026-10-08').getTime() + 1000),
        },
      ],
    });
    expect((await reconcileTransfers(deps, dayOf('2026-10-09'))).differences).toEqual([
      expect.objectContaining({
        kind: 'amount_differs',
        gatewayId: apart.gatewayTransferId,
        ledgerId: apart.id,
        ledgerAmountCents: 7500,
        gatewayAmountCents: 7000,
        at: noon('2026-10-09'),
      }),
    ]);
  });

  it('finds a paid transfer whose lines do not add up, and one whose payout is not paid', async () => {
    const uneven = await paidWeek('2026-10-12');
    await db
      .knex('payoutTransferLines')
      .where({ transferId: uneven.id })
      .update({ payCents: 7000 });
    const unpaid = await paidWeek('2026-10-13');
    await db
      .knex('payouts')
      .where({ id: unpaid.job.payoutId })
      .update({ status: 'pending', paidAt: null });
    const deps = { db: db.knex, gateway: gateway() };
    expect((await reconcileTransfers(deps, dayOf('2026-10-12'))).differences).toEqual([
      expect.objectContaining({
        kind: 'lines_differ',
        gatewayId: uneven.gatewayTransferId,
        ledgerId: uneven.id,
        ledgerAmountCents: 7500,
        linesAmountCents: 7000,
      }),
    ]);
    expect((await reconcileTransfers(deps, dayOf('2026-10-13'))).differences).toEqual([
      expect.objectContaining({
        kind: 'payout_not_paid',
        gatewayId: unpaid.gatewayTransferId,
        ledgerId: unpaid.id,
        ledgerStatus: 'pending',
        payoutId: unpaid.job.payoutId,
      }),
    ]);
  });

  it('lists the differences on the reconciliation page beside payments and refunds', async () => {
    const uneven = await paidWeek('2026-10-14');
    await db.knex('payoutTransferLines').where({ transferId: uneven.id }).update({ tipCents: 50 });
    const ghost = await paidWeek('2026-10-15', { atGateway: false });
    await paidWeek('2026-10-15');
    const answer = await staff('GET', '/api/admin/reconciliation?from=2026-10-14&to=2026-10-15');
    expect(answer.status).toBe(200);
    const report = reconciliationSchema.parse(answer.json);
    expect(report.checked).toEqual({ payments: 0, refunds: 0, transfers: 3 });
    expect(report.differences).toEqual([
      expect.objectContaining({
        kind: 'lines_differ',
        record: 'transfer',
        gatewayId: uneven.gatewayTransferId,
        paymentIntentId: uneven.gatewayTransferId,
        ledgerId: uneven.id,
        ledgerAmount: '75.00',
        linesAmount: '75.50',
      }),
      expect.objectContaining({
        kind: 'missing_at_gateway',
        record: 'transfer',
        ledgerId: ghost.id,
        ledgerAmount: '75.00',
        gatewayAmount: null,
      }),
    ]);
    expect(report.differences[0]).not.toHaveProperty('payoutId');
  });
});
