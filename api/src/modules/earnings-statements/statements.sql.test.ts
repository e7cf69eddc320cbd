import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { thanksgivingWeeks } from '../../test/statements-world';
import { useTestDatabase } from '../../test/test-database';
import { weekBounds } from '../payout-transfers/week-schedule';
import {
  transferLineRows,
  transfersSince,
  weekJobRows,
  weekTotalsRows,
  weekTransfer,
} from './statements.sql';

const db = useTestDatabase();
let world: Awaited<ReturnType<typeof thanksgivingWeeks>>;

beforeAll(async () => {
  world = await thanksgivingWeeks(db.knex);
});

describe("a provider's statement rows", () => {
  it("reads the jobs clocked out in a Chicago week, the provider's own only", async () => {
    const { jobs, pia, quinn, transfers } = world;
    const rows = await weekJobRows(db.knex, pia.id, weekBounds('2026-11-16'));
    // Not E's job at 23:30 on Sunday 15 Nov; W's at 23:00 on Sunday 22 Nov; not Quinn's.
    expect(rows.map((r) => r.payoutId)).toEqual(
      [jobs.w1, jobs.w2, jobs.w3, jobs.w4].map((j) => j.payoutId),
    );
    expect(rows[0]).toMatchObject({
      bookingId: jobs.w1.bookingId,
      address: '2 Hourly St',
      serviceType: 'house',
      hoursWorked: 3,
      baseAmountCents: 7500,
      tipCents: 1000,
      status: 'paid',
      transferId: transfers.weekW,
      transferStatus: 'paid',
    });
    expect(rows[2]).toMatchObject({ hoursWorked: 3.5, reviewReason: expect.any(String) });
    expect(rows[3]).toMatchObject({ paidBy: world.admin.id, transferStatus: null });
    const theirs = await weekJobRows(db.knex, quinn.id, weekBounds('2026-11-16'));
    expect(theirs.map((r) => r.payoutId)).toEqual([jobs.quinnJob.payoutId]);
  });

  it('sums each Chicago week since a day, newest first', async () => {
    const since = weekBounds('2026-11-09').from;
    expect(await weekTotalsRows(db.knex, world.pia.id, since)).toEqual([
      { weekStart: '2026-11-23', jobs: 1, hours: 3, payCents: 7500, tipCents: 0 },
      { weekStart: '2026-11-16', jobs: 4, hours: 11.5, payCents: 36_000, tipCents: 1000 },
      { weekStart: '2026-11-09', jobs: 1, hours: 3, payCents: 7500, tipCents: 0 },
    ]);
    expect(await weekTotalsRows(db.knex, world.pia.id, weekBounds('2026-11-30').from)).toEqual([]);
  });

  it("reads the provider's transfers by week, and a transfer's lines oldest job first", async () => {
    const { pia, quinn, transfers, jobs } = world;
    expect((await transfersSince(db.knex, pia.id, '2026-11-16')).map((t) => t.id)).toEqual([
      transfers.weekX,
      transfers.weekW,
    ]);
    expect(await transfersSince(db.knex, pia.id, '2026-11-30')).toEqual([]);
    expect(await weekTransfer(db.knex, pia.id, '2026-11-16')).toMatchObject({
      id: transfers.weekW,
      status: 'paid',
      amountCents: 29_500,
      tipCents: 1000,
      arrivalDate: '2026-11-25',
    });
    expect(await weekTransfer(db.knex, quinn.id, '2026-11-16')).toBeUndefined();
    const lines = await transferLineRows(db.knex, transfers.weekW);
    expect(lines.map((l) => [l.payoutId, l.payCents, l.tipCents])).toEqual([
      [jobs.e1.payoutId, 7500, 0],
      [jobs.w1.payoutId, 7500, 1000],
      [jobs.w2.payoutId, 13_500, 0],
    ]);
    expect(lines[0]?.address).toBe('1 Early St');
    expect(await transferLineRows(db.knex, randomUUID())).toEqual([]);
  });
});
