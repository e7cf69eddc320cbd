import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeGateway } from '../../adapters/payments/stripe-gateway';
import { PayoutTransfer } from '../../models/payout-transfer';
import { newUser } from '../../test/people';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout } from '../../test/transfers-world';
import { cancelTransfer, retryTransferNow } from './admin-actions';
import type { TransferDeps } from './deps';
import { transferGroupOf } from './names';
import { recordSent, UNKNOWN_OUTCOME_MESSAGE } from './transfer-send';
import { runWeekNow, sendDue } from './weekly-run';

// The weekly run through the Stripe Connect adapter against the Stripe stand-in: Stripe's refusal
// kept and retried, a transfer made whose answer was lost found by its group (never made twice),
// and an admin's cancel that finds the gateway made it after all.

const SECRET_KEY = 'sk_test_stand_in';
const WEEK = '2026-11-09';
const db = useTestDatabase();
let standIn: StripeStandIn;
let gateway: StripeGateway;
let deps: TransferDeps;
let ownerId: string;

beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  gateway = standIn.gateway({ secretKey: SECRET_KEY });
  deps = { db: db.knex, gateway, logger: pino({ level: 'silent' }) };
  ownerId = (await newUser(db.knex, 'client', { role: 'admin_owner' })).id;
});
afterAll(() => standIn.close());

/** A provider with an enabled Express account and a job in WEEK. */
async function providerWithJob() {
  const provider = await newUser(db.knex, 'provider');
  const account = await gateway.connect.createAccount({
    providerId: provider.id,
    email: provider.email,
    idempotencyKey: `connect-account:${provider.id}`,
  });
  standIn.connect.completeOnboarding(account.id);
  await db.knex('payoutAccounts').insert({
    providerId: provider.id,
    gateway: 'stripe',
    accountId: account.id,
    detailsSubmitted: true,
    payoutsEnabled: true,
  });
  const job = await jobPayout(db.knex, provider.id, { at: new Date('2026-11-11T18:00:00Z') });
  return { providerId: provider.id, accountId: account.id, job };
}

const transferOf = (providerId: string) =>
  db.knex('payoutTransfers').where({ providerId, weekStart: WEEK }).first();
const madeFor = (providerId: string) =>
  standIn.connect.transfers().filter((t) => t.transfer_group === transferGroupOf(providerId, WEEK));

describe('weekly transfers with Stripe', () => {
  it('keeps Stripe’s refusal, then sends once when the balance allows', async () => {
    const p = await providerWithJob();
    standIn.connect.failTransfers();
    const monday = new Date('2026-11-16T14:05:00Z');
    await runWeekNow(deps, WEEK, monday);
    const failed = await transferOf(p.providerId);
    expect(failed.status).toBe('failed');
    expect(failed.failureMessage).toMatch(/insufficient/i);
    standIn.connect.failTransfers(null);
    // An admin's Retry now sends it at once.
    expect(await retryTransferNow(deps, failed.id, new Date(monday.getTime() + 60_000))).toBe(
      'sent',
    );
    const sent = await transferOf(p.providerId);
    expect(sent).toMatchObject({ status: 'paid', attempts: 2 });
    expect(madeFor(p.providerId)).toHaveLength(1);
    expect(madeFor(p.providerId)[0]).toMatchObject({
      amount: p.job.payCents,
      destination: p.accountId,
    });
    expect(sent.gatewayTransferId).toBe(madeFor(p.providerId)[0]?.id);
  });

  it('replays the key after an unknown outcome, takes a new one after a refusal', async () => {
    const p = await providerWithJob();
    const group = transferGroupOf(p.providerId, WEEK);
    const keys = () =>
      standIn.requests
        .filter(
          (r) =>
            r.method === 'POST' && r.path === '/v1/transfers' && r.params.transfer_group === group,
        )
        .map((r) => r.idempotencyKey);
    standIn.connect.failTransfers();
    const monday = new Date('2026-11-16T14:05:00Z');
    await runWeekNow(deps, WEEK, monday);
    standIn.setOutage((method, path) => method === 'POST' && path === '/v1/transfers');
    await sendDue(deps, new Date(monday.getTime() + 2 * 3_600_000));
    standIn.setOutage(null);
    standIn.connect.failTransfers(null);
    await sendDue(deps, new Date(monday.getTime() + 6 * 3_600_000));
    expect((await transferOf(p.providerId)).status).toBe('paid');
    const [refusedKey, ...later] = [...new Set(keys())];
    // The refusal's key, then one new key for both the unanswered try and the one that worked.
    expect(refusedKey).toMatch(/:attempt-1$/);
    expect(later).toEqual([`${group}:attempt-2`]);
    expect(madeFor(p.providerId)).toHaveLength(1);
  });

  it('a transfer made after an owner canceled it is recorded, its payouts left to Mark Paid', async () => {
    const p = await providerWithJob();
    standIn.connect.failTransfers();
    await runWeekNow(deps, WEEK, new Date('2026-11-16T14:05:00Z'));
    standIn.connect.failTransfers(null);
    const row = await transferOf(p.providerId);
    await cancelTransfer(deps, ownerId, row.id);
    const made = await gateway.connect.createTransfer({
      accountId: p.accountId,
      amountCents: row.amountCents,
      transferGroup: transferGroupOf(p.providerId, WEEK),
      description: 'an attempt in flight',
      metadata: {},
      idempotencyKey: `in-flight-${row.id}`,
    });
    await db.knex.transaction(async (trx) => {
      const transfer = await PayoutTransfer.query(trx).findById(row.id).forUpdate();
      if (transfer) await recordSent(trx, transfer, made);
    });
    expect(await transferOf(p.providerId)).toMatchObject({
      status: 'paid',
      gatewayTransferId: made.id,
    });
    const payout = await db.knex('payouts').where({ id: p.job.payoutId }).first();
    expect(payout).toMatchObject({ status: 'pending', transferId: null, tipPaidCents: 0 });
    const audited = await db
      .knex('auditLog')
      .where({ entityId: row.id, action: 'payout_transfer.made_after_cancel' });
    expect(audited).toHaveLength(1);
  });

  it('finds a transfer whose answer was lost instead of making a second', async () => {
    const p = await providerWithJob();
    standIn.connect.dropNextTransferAnswer();
    const monday = new Date('2026-11-16T14:05:00Z');
    await runWeekNow(deps, WEEK, monday);
    const unknown = await transferOf(p.providerId);
    expect(unknown).toMatchObject({ status: 'failed', failureMessage: UNKNOWN_OUTCOME_MESSAGE });
    expect(madeFor(p.providerId)).toHaveLength(1);
    await sendDue(deps, new Date(monday.getTime() + 2 * 3_600_000));
    const found = await transferOf(p.providerId);
    expect(found.status).toBe('paid');
    expect(found.gatewayTransferId).toBe(madeFor(p.providerId)[0]?.id);
    expect(madeFor(p.providerId)).toHaveLength(1);
    const payout = await db.knex('payouts').where({ id: p.job.payoutId }).first();
    expect(payout).toMatchObject({ status: 'paid', transferId: found.id });
  });

  it('cancels a failed transfer (its payouts back to Mark Paid) only when Stripe made none', async () => {
    const lost = await providerWithJob();
    standIn.connect.dropNextTransferAnswer();
    await runWeekNow(deps, WEEK, new Date('2026-11-16T14:05:00Z'));
    const lostRow = await transferOf(lost.providerId);
    // Nobody knows yet whether Stripe made it: no cancel until it is found out.
    expect(await cancelTransfer(deps, ownerId, lostRow.id).catch((e) => e)).toMatchObject({
      status: 409,
      code: 'transfer_outcome_unknown',
    });
    expect((await transferOf(lost.providerId)).status).toBe('failed');
    expect(await retryTransferNow(deps, lostRow.id)).toBe('sent');
    expect(madeFor(lost.providerId)).toHaveLength(1);

    // Refused, then made by a later try the lookup missed: the cancel records it and says so.
    const late = await providerWithJob();
    standIn.connect.failTransfers();
    await runWeekNow(deps, WEEK, new Date('2026-11-16T14:05:00Z'));
    standIn.connect.failTransfers(null);
    const lateRow = await transferOf(late.providerId);
    await gateway.connect.createTransfer({
      accountId: late.accountId,
      amountCents: lateRow.amountCents,
      transferGroup: transferGroupOf(late.providerId, WEEK),
      description: 'made elsewhere',
      metadata: {},
      idempotencyKey: `elsewhere-${lateRow.id}`,
    });
    expect(await cancelTransfer(deps, ownerId, lateRow.id).catch((e) => e)).toMatchObject({
      status: 409,
      code: 'transfer_made',
    });
    expect((await transferOf(late.providerId)).status).toBe('paid');

    const refused = await providerWithJob();
    standIn.connect.failTransfers();
    await runWeekNow(deps, WEEK, new Date('2026-11-16T14:05:00Z'));
    standIn.connect.failTransfers(null);
    const row = await transferOf(refused.providerId);
    await cancelTransfer(deps, ownerId, row.id);
    expect(await transferOf(refused.providerId)).toMatchObject({
      status: 'canceled',
      canceledBy: ownerId,
    });
    const payout = await db.knex('payouts').where({ id: refused.job.payoutId }).first();
    expect(payout).toMatchObject({ status: 'pending', transferId: null });
    const audited = await db
      .knex('auditLog')
      .where({ entityId: row.id, action: 'payout_transfer.canceled' });
    expect(audited).toHaveLength(1);
    // The week stays claimed: running it again pays nothing twice.
    await runWeekNow(deps, WEEK, new Date('2026-11-16T15:00:00Z'));
    expect(madeFor(refused.providerId)).toHaveLength(0);
    expect(await retryTransferNow(deps, row.id).catch((e) => e)).toMatchObject({ status: 409 });
  });
});
