import { LOCAL_TRANSFER_FAILURE_MESSAGE } from '@twinclean/shared/payout-accounts';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localGateway } from '../../adapters/payments/local-gateway';
import { createKnex } from '../../db/connection';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout, localPayoutAccount, transferWith } from '../../test/transfers-world';
import { cancelTransfer, retryTransferNow } from './admin-actions';
import type { TransferDeps } from './deps';
import { transferGroupOf } from './names';
import { sendDue } from './weekly-run';

// The admin's Retry now and Cancel against the weekly run's own sweeps (a second pool, as another
// worker): neither ever lets a provider-week be sent twice, and a cancel never races a send.
// Their routes, access and answers are tested in admin-transfers/transfer-actions.test.ts.

const db = useTestDatabase();
const logger = pino({ level: 'silent' });
let deps: TransferDeps;
let other: Knex;
let worker: TransferDeps;
let ownerId: string;

beforeAll(async () => {
  deps = { db: db.knex, gateway: localGateway(db.knex), logger };
  other = createKnex(db.url);
  worker = { db: other, gateway: localGateway(other), logger };
  ownerId = (await newUser(db.knex, 'client', { role: 'admin_owner' })).id;
});
afterAll(() => other?.destroy());

const HOUR = 3_600_000;

/** A failed transfer over one job of a new provider, due again in an hour. */
async function failedTransfer(bank: 'succeeds' | 'transfersFail' = 'succeeds') {
  const provider = await newUser(db.knex, 'provider');
  const accountId = await localPayoutAccount(db.knex, provider, bank);
  const weekStart = '2026-11-09';
  const job = await jobPayout(db.knex, provider.id, { at: new Date('2026-11-11T18:00:00Z') });
  const id = await transferWith(db.knex, {
    providerId: provider.id,
    weekStart,
    accountId,
    status: 'failed',
    lines: [job],
    failureMessage: LOCAL_TRANSFER_FAILURE_MESSAGE,
    nextAttemptAt: new Date(Date.now() + HOUR),
  });
  const made = () =>
    db
      .knex('localGatewayTransfers')
      .where({ transferGroup: transferGroupOf(provider.id, weekStart) });
  return { id, job, made };
}

const row = (id: string) => db.knex('payoutTransfers').where({ id }).first();

describe('Retry now', () => {
  it('racing a sweep of another worker, sends the transfer once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const t = await failedTransfer();
      const now = new Date();
      const [retried] = await Promise.all([
        retryTransferNow(deps, t.id, now).catch((error: unknown) => error),
        sendDue(worker, now),
      ]);
      // The retry sent it, or found the sweep had taken it first ('skipped', or 409 sending).
      if (typeof retried === 'string') expect(['sent', 'skipped']).toContain(retried);
      else expect(retried).toMatchObject({ status: 409, code: 'transfer_sending' });
      await sendDue(worker, new Date(now.getTime() + 10 * 60_000));
      expect(await row(t.id)).toMatchObject({ status: 'paid', attempts: 2 });
      expect(await t.made()).toHaveLength(1);
    }
  });

  it('keeps a refusal with the gateway’s reason and waits longer before the next try', async () => {
    const t = await failedTransfer('transfersFail');
    const now = new Date();
    expect(await retryTransferNow(deps, t.id, now)).toBe('failed');
    const again = await row(t.id);
    expect(again).toMatchObject({
      status: 'failed',
      attempts: 2,
      failureMessage: LOCAL_TRANSFER_FAILURE_MESSAGE,
    });
    expect(again.nextAttemptAt.getTime()).toBe(now.getTime() + 2 * HOUR);
    expect(await t.made()).toEqual([]);
  });
});

describe('Cancel', () => {
  it('holds the transfer from the sweeps while it asks the gateway', async () => {
    const t = await failedTransfer();
    const due = new Date(Date.now() + 2 * HOUR);
    let swept: unknown;
    // Another worker sweeps while the cancel waits for the gateway's answer.
    const connect = localGateway(db.knex).connect;
    const asking: TransferDeps = {
      ...deps,
      gateway: {
        ...deps.gateway,
        connect: {
          ...connect,
          findTransfer: async (group) => {
            await sendDue(worker, due);
            swept = await row(t.id);
            return connect.findTransfer(group);
          },
        },
      },
    };
    await cancelTransfer(asking, ownerId, t.id, new Date(due.getTime() - 5 * 60_000));
    // The sweep (due at that time) left it alone: not tried, still failed.
    expect(swept).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await row(t.id)).toMatchObject({ status: 'canceled', canceledBy: ownerId });
    expect(await t.made()).toEqual([]);
    // Nothing sends a canceled transfer; its payout is back for Mark Paid.
    await sendDue(worker, new Date(due.getTime() + 24 * HOUR));
    expect(await row(t.id)).toMatchObject({ status: 'canceled', attempts: 1 });
    expect(await t.made()).toEqual([]);
    expect(await db.knex('payouts').where({ id: t.job.payoutId }).first()).toMatchObject({
      status: 'pending',
      transferId: null,
    });
  });

  it('refuses while a sweep is sending it, and changes nothing', async () => {
    const t = await failedTransfer();
    const due = new Date(Date.now() + 2 * HOUR);
    let refusal: unknown;
    // The sweep's lease is taken when the gateway is asked; the cancel comes in then.
    const connect = localGateway(other).connect;
    const sending: TransferDeps = {
      ...worker,
      gateway: {
        ...worker.gateway,
        connect: {
          ...connect,
          findTransfer: async (group) => {
            refusal = await cancelTransfer(deps, ownerId, t.id, due).catch((e: unknown) => e);
            return connect.findTransfer(group);
          },
        },
      },
    };
    await sendDue(sending, due);
    expect(refusal).toMatchObject({
      status: 409,
      code: 'transfer_sending',
      message: 'The transfer is being sent right now. Try again in a minute.',
    });
    expect(await row(t.id)).toMatchObject({ status: 'paid', canceledBy: null });
    expect(await t.made()).toHaveLength(1);
  });
});
