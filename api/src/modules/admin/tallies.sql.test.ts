import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import {
  compactTallies,
  completedJobs,
  revenueCents,
  tallyByProvider,
  tallyCount,
} from './tallies.sql';

const db = useTestDatabase();
const HOUR = 3_600_000;
const SERVICES = ['house', 'carpet', 'laundry', 'dry_cleaning'] as const;
let providers: string[];
let client: string;

beforeAll(async () => {
  providers = [
    (await newUser(db.knex, 'provider')).id,
    (await newUser(db.knex, 'provider')).id,
    (await newUser(db.knex, 'provider')).id,
  ];
  client = (await newUser(db.knex)).id;
});

/** What the bookings themselves say, per key, as the tallies should. */
async function counted() {
  const rows = await db.knex.raw(
    `SELECT service_type, derived_status, provider_id, count(*)::int AS n FROM bookings
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 NULLS FIRST`,
  );
  return rows.rows;
}
async function tallied() {
  const rows = await db.knex.raw(
    `SELECT service_type, derived_status, provider_id, sum(n)::int AS n FROM booking_tallies
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3 NULLS FIRST`,
  );
  return rows.rows;
}
async function paidLessRefunds() {
  const row = await db
    .knex('payments')
    .where({ status: 'succeeded' })
    .select(db.knex.raw('COALESCE(SUM(amount_cents - refunded_cents), 0)::int AS cents'))
    .first();
  return Number(row.cents);
}

/** Forty bookings of every service, some assigned, in one statement. */
async function insertBookings(): Promise<string[]> {
  const start = new Date(Date.now() + 72 * HOUR);
  const rows = Array.from({ length: 40 }, (_, i) =>
    bookingRow(start, {
      serviceType: SERVICES[i % 4],
      clientId: client,
      providerId: i % 3 === 0 ? null : providers[i % 3],
      assignedAt: i % 3 === 0 ? null : new Date(),
    }),
  );
  const inserted = await db.knex('bookings').insert(rows).returning('id');
  return inserted.map((r: { id: string }) => r.id);
}

describe('the admin tallies', () => {
  it('agree with the bookings after inserts, updates and deletes, and after compaction', async () => {
    const ids = await insertBookings();
    expect(await tallied()).toEqual(await counted());

    await db
      .knex('bookings')
      .whereIn('id', ids.slice(0, 10))
      .update({ providerId: providers[0], assignedAt: new Date() });
    await db
      .knex('bookings')
      .whereIn('id', ids.slice(3, 8))
      .update({ clockInAt: new Date(Date.now() - 2 * HOUR), clockOutAt: new Date() });
    await db
      .knex('bookings')
      .whereIn('id', ids.slice(8, 14))
      .update({ canceledAt: new Date(), cancellationReason: 'Client moved' });
    // A write that changes no key adds nothing to the log.
    const before = await db.knex('booking_tallies').count({ n: '*' }).first();
    await db
      .knex('bookings')
      .whereIn('id', ids.slice(20, 30))
      .update({ clientNotes: 'gate code 1234' });
    expect(await db.knex('booking_tallies').count({ n: '*' }).first()).toEqual(before);
    await db.knex('bookings').whereIn('id', ids.slice(36, 40)).delete();
    expect(await tallied()).toEqual(await counted());

    const logRows = Number((await db.knex('booking_tallies').count({ n: '*' }).first())?.n);
    await compactTallies(db.knex);
    const compacted = Number((await db.knex('booking_tallies').count({ n: '*' }).first())?.n);
    expect(compacted).toBe((await counted()).length);
    expect(compacted).toBeLessThan(logRows);
    expect(await tallied()).toEqual(await counted());
  });

  it('answer the admin filters as counting the bookings would', async () => {
    const truth = async (where: Record<string, unknown>) =>
      Number((await db.knex('bookings').where(where).count({ n: '*' }).first())?.n);
    const base = { sort: 'scheduledDate', dir: 'desc' } as const;
    expect(await tallyCount(db.knex, { ...base, service: ['carpet'] })).toBe(
      await truth({ serviceType: 'carpet' }),
    );
    expect(await tallyCount(db.knex, { ...base, service: ['house'], provider: providers[1] })).toBe(
      await truth({ serviceType: 'house', providerId: providers[1] }),
    );
    expect(await completedJobs(db.knex)).toBe(await truth({ derivedStatus: 'completed' }));
    const byProvider = await tallyByProvider(db.knex, { ...base, provider: 'assigned' });
    const sum = (byProvider ?? []).reduce((n: number, g: { n: string }) => n + Number(g.n), 0);
    expect(sum).toBe(
      Number((await db.knex('bookings').whereNotNull('providerId').count({ n: '*' }).first())?.n),
    );
    // A search or a date range is not a tally key: the caller counts the bookings instead.
    expect(await tallyCount(db.knex, { ...base, q: 'pat' })).toBeUndefined();
    expect(await tallyCount(db.knex, { ...base, from: '2026-01-01' })).toBeUndefined();
  });

  it('stay exact with many writers and compactions at once, and never deadlock', async () => {
    const ids = await insertBookings();
    // Each writer moves two bookings between keys, in opposite orders, while compactions run.
    const writers = Array.from({ length: 16 }, (_, i) =>
      db.knex.transaction(async (trx) => {
        const pair = i % 2 ? [ids[i], ids[39 - i]] : [ids[39 - i], ids[i]];
        for (const id of pair) {
          await trx('bookings')
            .where({ id })
            .update({ providerId: providers[i % 3], assignedAt: new Date() });
        }
      }),
    );
    const compactions = Array.from({ length: 4 }, () => compactTallies(db.knex));
    await Promise.all([...writers, ...compactions]);
    expect(await tallied()).toEqual(await counted());
  });

  it('keep revenue as succeeded payments less refunds', async () => {
    const [booking] = await insertBookings();
    const [paid, pending] = await db
      .knex('payments')
      .insert([
        {
          bookingId: booking,
          gateway: 'local',
          gatewayPaymentId: 'pi_t1',
          kind: 'full',
          amountCents: 9000,
          status: 'succeeded',
        },
        {
          bookingId: booking,
          gateway: 'local',
          gatewayPaymentId: 'pi_t2',
          kind: 'deposit',
          amountCents: 3600,
          status: 'processing',
        },
      ])
      .returning('id');
    expect(await revenueCents(db.knex)).toBe(await paidLessRefunds());
    await db.knex('payments').where({ id: pending.id }).update({ status: 'succeeded' });
    await db.knex('payments').where({ id: paid.id }).update({ refundedCents: 2500 });
    expect(await revenueCents(db.knex)).toBe(await paidLessRefunds());
    expect(await revenueCents(db.knex)).toBeGreaterThan(0);
    await compactTallies(db.knex);
    expect(Number((await db.knex('revenue_tallies').count({ n: '*' }).first())?.n)).toBe(1);
    await db.knex('payments').where({ id: pending.id }).delete();
    expect(await revenueCents(db.knex)).toBe(await paidLessRefunds());
  });
});
