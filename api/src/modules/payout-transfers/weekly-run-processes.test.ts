import { addDays, chicagoDate, chicagoTime } from '@twinclean/shared/schedule';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type JobQueue, pgBossQueue } from '../../jobs/queue';
import { type AppProcess, startAppProcess, stopAppProcess, waitFor } from '../../test/app-process';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout, localPayoutAccount } from '../../test/transfers-world';
import { transferGroupOf } from './names';
import { dueWeek, isoWeekday } from './week-schedule';
import { PAYOUT_SWEEP_QUEUE } from './workers';

// The weekly run in the production shape: two `worker` processes (the image's command) on one
// database, each given a sweep while the test holds the payouts' row locks, so both are inside a
// claim at the same moment. Each provider-week is claimed and sent once, at the gateway too.

const db = useTestDatabase();
const started: AppProcess[] = [];
let queue: JobQueue | undefined;

afterAll(async () => {
  const codes = await Promise.all(started.map(stopAppProcess));
  await queue?.stop();
  expect(codes).toEqual(codes.map(() => 0));
}, 60_000);

/** Sessions of this database stopped on a lock inside the claim's read of a provider's payouts. */
async function claimsWaiting(): Promise<number> {
  const { rows } = await db.knex.raw(
    `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
     AND wait_event_type = 'Lock' AND query ILIKE '%from "payouts" as "p"%for update%'`,
  );
  return rows.length;
}

describe('two worker processes', () => {
  it('sweeping at once, claim and send each provider-week once', async () => {
    // The run is due now: today (Chicago) at this hour, so both sweeps claim last week.
    const now = new Date();
    const schedule = {
      payoutWeekday: isoWeekday(chicagoDate(now)),
      payoutHour: Number(chicagoTime(now).slice(0, 2)),
    };
    await db.knex('pricingConfig').where({ id: 1 }).update(schedule);
    const weekStart = dueWeek(now, schedule) as string;
    expect(weekStart).not.toBeNull();
    const providers = await Promise.all([1, 2, 3].map(() => newUser(db.knex, 'provider')));
    const payoutIds: string[] = [];
    for (const provider of providers) {
      await localPayoutAccount(db.knex, provider);
      for (const day of [1, 3]) {
        const at = new Date(`${addDays(weekStart, day)}T18:00:00Z`);
        payoutIds.push((await jobPayout(db.knex, provider.id, { at, tipCents: 200 })).payoutId);
      }
    }

    const holder = await db.knex.transaction();
    try {
      await holder('payouts').whereIn('id', payoutIds).forUpdate();
      const env = { DATABASE_URL: db.url };
      started.push(
        ...(await Promise.all([startAppProcess('worker', env), startAppProcess('worker', env)])),
      );
      queue = pgBossQueue(db.knex, pino({ level: 'silent' }), { sendOnly: true });
      // One sweep each: a worker takes one job at a time, and its first waits on the locks.
      await queue.sendMany(PAYOUT_SWEEP_QUEUE, [{ sweep: 1 }, { sweep: 2 }]);
      await waitFor(async () => (await claimsWaiting()) >= 2, 60_000);
    } finally {
      await holder.rollback();
    }

    const transfersOf = (providerId: string) =>
      db.knex('payoutTransfers').where({ providerId, weekStart });
    await waitFor(async () => {
      const rows = await db
        .knex('payoutTransfers')
        .whereIn(
          'providerId',
          providers.map((p) => p.id),
        )
        .where({ status: 'paid' });
      return rows.length === providers.length;
    }, 30_000);
    // Both processes ran a sweep. A sweep that found the week claimed already may still be
    // finishing, or its log line on its way through the pipe, when the transfers are paid.
    const sweptBy = (worker: AppProcess) =>
      worker.logs.filter((line) => line.msg === 'jobs ran' && line.queue === PAYOUT_SWEEP_QUEUE);
    await waitFor(() => started.every((worker) => sweptBy(worker).length > 0), 30_000).catch(
      () => {},
    );
    for (const worker of started) {
      expect(sweptBy(worker).length, `worker ${worker.pid}`).toBeGreaterThan(0);
    }
    for (const provider of providers) {
      const transfers = await transfersOf(provider.id);
      expect(transfers).toHaveLength(1);
      const [transfer] = transfers;
      const lines = await db.knex('payoutTransferLines').where({ transferId: transfer.id });
      expect(lines).toHaveLength(2);
      expect(transfer.amountCents).toBe(lines.reduce((sum, l) => sum + l.payCents + l.tipCents, 0));
      const made = await db
        .knex('localGatewayTransfers')
        .where({ transferGroup: transferGroupOf(provider.id, weekStart) });
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        id: transfer.gatewayTransferId,
        amountCents: transfer.amountCents,
      });
      expect(await db.knex('payouts').where({ providerId: provider.id })).toEqual([
        expect.objectContaining({ status: 'paid', tipPaidCents: 200, transferId: transfer.id }),
        expect.objectContaining({ status: 'paid', tipPaidCents: 200, transferId: transfer.id }),
      ]);
    }
    // No provider-week anywhere (the demo data's too) was made twice at the gateway.
    const twice = await db
      .knex('localGatewayTransfers')
      .select('transferGroup')
      .groupBy('transferGroup')
      .havingRaw('count(*) > 1');
    expect(twice).toEqual([]);
  }, 120_000);
});
