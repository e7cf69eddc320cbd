import {
  LOCAL_TRANSFER_FAILURE_MESSAGE,
  TEST_BANK_ACCOUNTS,
  TEST_ROUTING_NUMBER,
} from '@twinclean/shared/payout-accounts';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localGateway } from '../../adapters/payments/local-gateway';
import { createKnex } from '../../db/connection';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout, localPayoutAccount } from '../../test/transfers-world';
import { markPaid } from '../admin/payouts';
import type { TransferDeps } from './deps';
import { transferGroupOf } from './names';
import { arrivalDateOf } from './week-schedule';
import { runWeekNow, sendDue, sweepPayouts } from './weekly-run';

// The weekly run (DECISIONS.md "Payouts") on real PostgreSQL and the LocalGateway: what a week's
// transfer pays, the review gate, once per provider and week across workers, and a retried failure.

const db = useTestDatabase();
const logger = pino({ level: 'silent' });
let deps: TransferDeps;
let other: Knex;
let ownerId: string;

beforeAll(async () => {
  deps = { db: db.knex, gateway: localGateway(db.knex), logger };
  other = createKnex(db.url);
  ownerId = (await newUser(db.knex, 'client', { role: 'admin_owner' })).id;
});
afterAll(() => other?.destroy());

const WEEK = '2026-11-09';
/** Wednesday noon (Chicago) of the week of `monday`, plus `days`. */
const inWeek = (monday: string, days = 2) =>
  new Date(new Date(`${monday}T18:00:00Z`).getTime() + days * 24 * 3_600_000);

async function providerWithAccount(outcome: keyof typeof TEST_BANK_ACCOUNTS = 'succeeds') {
  const provider = await newUser(db.knex, 'provider');
  const accountId = await localPayoutAccount(db.knex, provider, outcome);
  return { ...provider, accountId };
}

const transfersOf = (providerId: string) =>
  db.knex('payoutTransfers').where({ providerId }).orderBy('weekStart');
const gatewayTransfersOf = (providerId: string, weekStart: string) =>
  db.knex('localGatewayTransfers').where({ transferGroup: transferGroupOf(providerId, weekStart) });
const payout = (id: string) => db.knex('payouts').where({ id }).first();

describe('a week’s transfer', () => {
  it('pays approved pay, wait pay, bonus and tips of the week and before, once', async () => {
    const p = await providerWithAccount();
    const job = await jobPayout(db.knex, p.id, { at: inWeek(WEEK), tipCents: 1_000 });
    await db
      .knex('payouts')
      .where({ id: job.payoutId })
      .update({ waitPayCents: 500, bonusCents: 2_000, totalAmountCents: job.payCents + 2_500 });
    const earlier = await jobPayout(db.knex, p.id, { at: inWeek('2026-11-02') });
    const flagged = await jobPayout(db.knex, p.id, { at: inWeek(WEEK, 1) });
    await db
      .knex('payouts')
      .where({ id: flagged.payoutId })
      .update({ reviewReason: 'Clock-out 3 km away' });
    const later = await jobPayout(db.knex, p.id, { at: inWeek('2026-11-16') });
    // Paid by hand before, a tip came after: the tip is owed and goes with the transfer.
    const byHand = await jobPayout(db.knex, p.id, { at: inWeek('2026-10-26') });
    await markPaid(db.knex, ownerId, byHand.payoutId);
    await db.knex('payouts').where({ id: byHand.payoutId }).update({ tipCents: 700 });

    const run = await runWeekNow(deps, WEEK, new Date('2026-11-16T15:00:00Z'));
    expect(run).toMatchObject({ claimed: 1, sent: 1, failed: 0 });

    const [transfer] = await transfersOf(p.id);
    const expected = job.payCents + 2_500 + 1_000 + earlier.payCents + 700;
    expect(transfer).toMatchObject({
      weekStart: WEEK,
      status: 'paid',
      amountCents: expected,
      tipCents: 1_700,
      attempts: 1,
      failureMessage: null,
    });
    expect(transfer.arrivalDate).toBe(arrivalDateOf(transfer.sentAt));
    const lines = await db.knex('payoutTransferLines').where({ transferId: transfer.id });
    expect(lines.map((l) => [l.payoutId, l.payCents, l.tipCents]).sort()).toEqual(
      [
        [job.payoutId, job.payCents + 2_500, 1_000],
        [earlier.payoutId, earlier.payCents, 0],
        [byHand.payoutId, 0, 700],
      ].sort(),
    );
    const [made] = await gatewayTransfersOf(p.id, WEEK);
    expect(made).toMatchObject({ amountCents: expected, accountId: p.accountId });
    expect(transfer.gatewayTransferId).toBe(made.id);
    expect(await payout(job.payoutId)).toMatchObject({
      status: 'paid',
      paidBy: null,
      tipPaidCents: 1_000,
      transferId: transfer.id,
    });
    expect((await payout(job.payoutId)).paidAt.toISOString()).toBe(transfer.sentAt.toISOString());
    expect(await payout(byHand.payoutId)).toMatchObject({
      status: 'paid',
      tipPaidCents: 700,
      transferId: null,
    });
    // The review gate: flagged pay waits; a job after the week waits for its own week.
    expect(await payout(flagged.payoutId)).toMatchObject({ status: 'pending', transferId: null });
    expect(await payout(later.payoutId)).toMatchObject({ status: 'pending', transferId: null });

    // Run again (a retry, a second worker): nothing more is claimed or sent.
    expect(await runWeekNow(deps, WEEK)).toMatchObject({ claimed: 0, sent: 0 });
    expect(await gatewayTransfersOf(p.id, WEEK)).toHaveLength(1);
  });

  it('pays a flagged payout the week after an admin approves it', async () => {
    const p = await providerWithAccount();
    const flagged = await jobPayout(db.knex, p.id, { at: inWeek(WEEK) });
    await db.knex('payouts').where({ id: flagged.payoutId }).update({ reviewReason: 'Odd hours' });
    expect(await runWeekNow(deps, WEEK)).toMatchObject({ claimed: 0 });
    expect(await transfersOf(p.id)).toHaveLength(0);
    await db.knex('payouts').where({ id: flagged.payoutId }).update({ reviewReason: null });
    await runWeekNow(deps, '2026-11-16');
    const [transfer] = await transfersOf(p.id);
    expect(transfer).toMatchObject({
      weekStart: '2026-11-16',
      amountCents: flagged.payCents,
      status: 'paid',
    });
  });

  it('leaves providers without an enabled payout account to Mark Paid', async () => {
    const provider = await newUser(db.knex, 'provider');
    const job = await jobPayout(db.knex, provider.id, { at: inWeek(WEEK) });
    await runWeekNow(deps, WEEK);
    expect(await transfersOf(provider.id)).toHaveLength(0);
    const answer = await markPaid(db.knex, ownerId, job.payoutId);
    expect(answer.payout.status).toBe('paid');
  });

  it('refuses Mark Paid and a review while a transfer not yet sent holds the payout', async () => {
    const p = await providerWithAccount('transfersFail');
    const job = await jobPayout(db.knex, p.id, { at: inWeek(WEEK) });
    await runWeekNow(deps, WEEK);
    expect(await markPaid(db.knex, ownerId, job.payoutId).catch((e) => e)).toMatchObject({
      status: 409,
      code: 'in_transfer',
    });
    expect(await payout(job.payoutId)).toMatchObject({ status: 'pending', paidBy: null });
  });
});

describe('once per provider and week', () => {
  it('two workers sweeping at once claim and send each provider-week once', async () => {
    const providers = await Promise.all([1, 2, 3].map(() => providerWithAccount()));
    for (const p of providers) {
      await jobPayout(db.knex, p.id, { at: inWeek(WEEK) });
      await jobPayout(db.knex, p.id, { at: inWeek(WEEK, 1), tipCents: 300 });
    }
    const monday = new Date('2026-11-16T14:05:00Z');
    const second: TransferDeps = { db: other, gateway: localGateway(other), logger };
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([sweepPayouts(deps, monday), sweepPayouts(second, monday)]);
    }
    for (const p of providers) {
      const transfers = await transfersOf(p.id);
      expect(transfers).toHaveLength(1);
      expect(transfers[0].status).toBe('paid');
      const made = await gatewayTransfersOf(p.id, WEEK);
      expect(made).toHaveLength(1);
      expect(made[0].amountCents).toBe(transfers[0].amountCents);
      const lines = await db.knex('payoutTransferLines').where({ transferId: transfers[0].id });
      expect(lines).toHaveLength(2);
    }
  });
});

describe('a transfer the gateway refuses', () => {
  it('is kept with the gateway’s reason, retried later, and sent once when it can be', async () => {
    const p = await providerWithAccount('transfersFail');
    const job = await jobPayout(db.knex, p.id, { at: inWeek(WEEK) });
    const monday = new Date('2026-11-16T14:10:00Z');
    expect(await runWeekNow(deps, WEEK, monday)).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    const [failed] = await transfersOf(p.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      failureMessage: LOCAL_TRANSFER_FAILURE_MESSAGE,
    });
    expect(failed.nextAttemptAt.getTime()).toBe(monday.getTime() + 3_600_000);
    // Not due yet: nothing is tried.
    expect(await sendDue(deps, new Date(monday.getTime() + 30 * 60_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    // Still refused an hour later: the next try waits two hours.
    expect(await sendDue(deps, new Date(monday.getTime() + 3_600_000))).toEqual({
      sent: 0,
      failed: 1,
    });
    const [again] = await transfersOf(p.id);
    expect(again).toMatchObject({ status: 'failed', attempts: 2 });
    expect(again.nextAttemptAt.getTime()).toBe(monday.getTime() + 3 * 3_600_000);
    // The provider fixes the bank account: the retry sends it, once.
    await localGatewayFix(p.accountId);
    const later = new Date(monday.getTime() + 3 * 3_600_000);
    expect(await sendDue(deps, later)).toEqual({ sent: 1, failed: 0 });
    expect(await sendDue(deps, new Date(later.getTime() + 86_400_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    const [sent] = await transfersOf(p.id);
    expect(sent).toMatchObject({ status: 'paid', attempts: 3, failureMessage: null });
    expect(await gatewayTransfersOf(p.id, WEEK)).toHaveLength(1);
    expect(await payout(job.payoutId)).toMatchObject({ status: 'paid', transferId: sent.id });
  });
});

async function localGatewayFix(accountId: string) {
  await localGateway(db.knex).connect.attachTestBankAccount(accountId, {
    routingNumber: TEST_ROUTING_NUMBER,
    accountNumber: TEST_BANK_ACCOUNTS.succeeds,
  });
}
