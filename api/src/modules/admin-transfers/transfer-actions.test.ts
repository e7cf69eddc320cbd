import { randomUUID } from 'node:crypto';
import { LOCAL_TRANSFER_FAILURE_MESSAGE } from '@twinclean/shared/payout-accounts';
import {
  TRANSFER_CANCEL_MESSAGE,
  TRANSFER_RETRY_MESSAGE,
  type TransferStatus,
  transferActionAnswerSchema,
} from '@twinclean/shared/payout-transfers';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { localGateway } from '../../adapters/payments/local-gateway';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { jobPayout, localPayoutAccount, transferWith } from '../../test/transfers-world';
import { transferGroupOf } from '../payout-transfers/names';

const db = useTestDatabase();
const api = useTestServer(db);
let owner: JsonCall;
let staff: JsonCall;
let ownerId: string;
let weeks = 0;

beforeAll(async () => {
  await seedDemoData(db.knex);
  owner = await signedInJson(api.url, 'owner@example.com');
  staff = await signedInJson(api.url, 'staff@example.com');
  ownerId = (await db.knex('users').where({ email: 'owner@example.com' }).first()).id;
});

/** A new provider's transfer over one $75.00 job, in `status`, due in an hour. */
async function transferIn(status: TransferStatus, bank: 'succeeds' | 'transfersFail' = 'succeeds') {
  weeks += 1;
  const provider = await newUser(db.knex, 'provider');
  const accountId = await localPayoutAccount(db.knex, provider, bank);
  const weekStart = '2026-11-09';
  const job = await jobPayout(db.knex, provider.id, { at: new Date('2026-11-11T18:00:00Z') });
  const id = await transferWith(db.knex, {
    providerId: provider.id,
    weekStart,
    accountId,
    status,
    lines: [job],
    failureMessage: status === 'failed' ? 'The bank account was closed.' : null,
    nextAttemptAt: new Date(Date.now() + 3_600_000),
    ...(status === 'paid' ? { gatewayTransferId: `tr_local_paid_${weeks}` } : {}),
  });
  return { id, providerId: provider.id, accountId, weekStart, job };
}

const row = (id: string) => db.knex('payoutTransfers').where({ id }).first();
const audits = (id: string) => db.knex('auditLog').where({ entityId: id }).orderBy('createdAt');

describe('retrying a delayed transfer now', () => {
  it('sends a failed transfer at once, for either admin, and answers it sent', async () => {
    const t = await transferIn('failed');
    const answer = await staff('POST', `/api/admin/payout-transfers/${t.id}/retry`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { message, transfer } = transferActionAnswerSchema.parse(answer.json);
    expect(message).toBe(TRANSFER_RETRY_MESSAGE);
    expect(transfer).toMatchObject({
      id: t.id,
      amount: '75.00',
      status: 'paid',
      attempts: 2,
      failureMessage: null,
      nextAttemptAt: null,
      gatewayTransferId: expect.stringMatching(/^tr_local_/),
    });
    expect(await db.knex('payouts').where({ id: t.job.payoutId }).first()).toMatchObject({
      status: 'paid',
      paidBy: null,
      transferId: t.id,
    });
    expect(await audits(t.id)).toMatchObject([
      { action: 'payout_transfer.sent', entity: 'payout_transfer' },
    ]);
    // Sent once: a second click finds nothing to retry.
    const again = await owner('POST', `/api/admin/payout-transfers/${t.id}/retry`);
    expect(again.status).toBe(409);
    expect(await db.knex('localGatewayTransfers').where({ accountId: t.accountId })).toHaveLength(
      1,
    );
  });

  it("answers a transfer the gateway refuses again delayed, with the gateway's reason", async () => {
    const t = await transferIn('failed', 'transfersFail');
    const answer = await owner('POST', `/api/admin/payout-transfers/${t.id}/retry`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { transfer } = transferActionAnswerSchema.parse(answer.json);
    expect(transfer).toMatchObject({
      status: 'failed',
      attempts: 2,
      failureMessage: LOCAL_TRANSFER_FAILURE_MESSAGE,
      gatewayTransferId: null,
    });
    expect(new Date(transfer.nextAttemptAt as string).getTime()).toBeGreaterThan(Date.now());
    expect(await audits(t.id)).toEqual([]);
  });

  it('refuses a transfer that is not failed with 409, changing nothing', async () => {
    for (const status of ['pending', 'paid', 'canceled'] as const) {
      const t = await transferIn(status);
      const before = await snapshot(db.knex);
      const answer = await owner('POST', `/api/admin/payout-transfers/${t.id}/retry`);
      expect(answer.status, status).toBe(409);
      expect(answer.json.message, status).toEqual(expect.any(String));
      expect(await snapshot(db.knex), status).toBe(before);
    }
  });

  it('answers 404 for a transfer that does not exist', async () => {
    const answer = await staff('POST', `/api/admin/payout-transfers/${randomUUID()}/retry`);
    expect(answer).toMatchObject({ status: 404, json: { code: 'not_found' } });
  });
});

describe('canceling a transfer', () => {
  it("gives a failed one up: its payouts go back to Mark Paid, the owner's act audited", async () => {
    const t = await transferIn('failed');
    const answer = await owner('POST', `/api/admin/payout-transfers/${t.id}/cancel`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { message, transfer } = transferActionAnswerSchema.parse(answer.json);
    expect(message).toBe(TRANSFER_CANCEL_MESSAGE);
    expect(transfer).toMatchObject({ id: t.id, status: 'canceled', nextAttemptAt: null });
    expect(await row(t.id)).toMatchObject({ status: 'canceled', canceledBy: ownerId });
    expect(await db.knex('payouts').where({ id: t.job.payoutId }).first()).toMatchObject({
      status: 'pending',
      transferId: null,
    });
    expect(await audits(t.id)).toMatchObject([
      { actorId: ownerId, action: 'payout_transfer.canceled', entity: 'payout_transfer' },
    ]);
    // Mark Paid works on its payout again.
    const paid = await staff('PATCH', `/api/admin/payouts/${t.job.payoutId}/mark-paid`);
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    // And it cannot be canceled twice.
    expect((await owner('POST', `/api/admin/payout-transfers/${t.id}/cancel`)).status).toBe(409);
  });

  it('records it as sent instead when the gateway already made it, and says so', async () => {
    const t = await transferIn('failed');
    const made = await localGateway(db.knex).connect.createTransfer({
      accountId: t.accountId,
      amountCents: 7500,
      transferGroup: transferGroupOf(t.providerId, t.weekStart),
      description: `TwinClean pay, week of ${t.weekStart}`,
      metadata: { transferId: t.id },
      idempotencyKey: randomUUID(),
    });
    const answer = await owner('POST', `/api/admin/payout-transfers/${t.id}/cancel`);
    expect(answer.status).toBe(409);
    expect(answer.json.message).toBe(
      'The gateway already made this transfer; it is now recorded as sent.',
    );
    expect(await row(t.id)).toMatchObject({ status: 'paid', gatewayTransferId: made.id });
    expect(await db.knex('payouts').where({ id: t.job.payoutId }).first()).toMatchObject({
      status: 'paid',
      transferId: t.id,
    });
  });

  it('refuses one being sent right now, and a sent one, with 409, changing nothing', async () => {
    for (const [status, message] of [
      ['pending', 'The transfer is being sent right now. Try again in a minute.'],
      ['paid', expect.any(String)],
      ['canceled', expect.any(String)],
    ] as const) {
      const t = await transferIn(status);
      const before = await snapshot(db.knex);
      const answer = await owner('POST', `/api/admin/payout-transfers/${t.id}/cancel`);
      expect(answer.status, status).toBe(409);
      expect(answer.json.message, status).toEqual(message);
      expect(await snapshot(db.knex), status).toBe(before);
    }
  });

  it('is for owners only, and answers 404 for a transfer that does not exist', async () => {
    const t = await transferIn('failed');
    const refused = await staff('POST', `/api/admin/payout-transfers/${t.id}/cancel`);
    expect(refused).toMatchObject({ status: 403, json: { code: 'forbidden' } });
    expect((await row(t.id)).status).toBe('failed');
    const missing = await owner('POST', `/api/admin/payout-transfers/${randomUUID()}/cancel`);
    expect(missing).toMatchObject({ status: 404, json: { code: 'not_found' } });
  });
});
