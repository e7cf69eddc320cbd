import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { paymentDepsOf } from '../../app';
import { cardWorld } from '../../test/card-world';
import { bookingRow } from '../../test/fixtures';
import { insertSeries } from '../../test/series-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { sweepBalanceRequests } from '../payments/requests';
import { sweepVisitCharges } from '../subscriptions/visit-charges';

// Series visits are charged like members' visits: in full to the saved card 12 hours before,
// once each; a visit of a moved day waits until its client settles the new time.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;

beforeAll(async () => {
  await seedDemoData(db.knex);
});

/** A visit of the series `hours` ahead: $114.75, no deposit, nothing paid. */
async function seriesVisit(series: { seriesId: string; clientId: string }, hours: number) {
  const start = new Date(Date.now() + hours * HOUR);
  const [row] = await db
    .knex('bookings')
    .insert(
      bookingRow(start, {
        clientId: series.clientId,
        seriesId: series.seriesId,
        // One planned date per visit of the series, whatever hour it is now.
        seriesDate: addDays(chicagoDate(start), hours),
        baseAmountCents: 11_475,
        totalAmountCents: 11_475,
        depositAmountCents: 0,
      }),
    )
    .returning('id');
  return row.id as string;
}
const booking = (id: string) => db.knex('bookings').where({ id }).first();
const payments = (bookingId: string) => db.knex('payments').where({ bookingId });

async function pendingMove(bookingId: string) {
  const visit = await booking(bookingId);
  const [move] = await db
    .knex('dayMoves')
    .insert({ movedDate: visit.scheduledDate, reason: 'Blizzard' })
    .returning('id');
  const [row] = await db
    .knex('visitMoves')
    .insert({
      dayMoveId: move.id,
      bookingId,
      fromDate: visit.scheduledDate,
      fromTime: visit.scheduledTime,
      proposedDate: addDays(visit.scheduledDate, 1),
      proposedTime: visit.scheduledTime,
    })
    .returning('id');
  // Where the move put it (its instant is left as is: the sweep's horizon reads that).
  await db
    .knex('bookings')
    .where({ id: bookingId })
    .update({ scheduledDate: addDays(visit.scheduledDate, 1) });
  return row.id as string;
}

describe('series visit charges', () => {
  it('charges each visit in full 12 hours ahead, once, however many sweeps run', async () => {
    const series = await insertSeries(db.knex, { anchorDate: chicagoDate(new Date()) });
    await cardWorld(db.knex, series.clientId);
    const soon = await seriesVisit(series, 11);
    const later = await seriesVisit(series, 13);
    const deps = paymentDepsOf(api.deps);
    const now = new Date();
    await Promise.all([sweepVisitCharges(deps, now), sweepVisitCharges(deps, now)]);
    await sweepVisitCharges(deps, now);
    expect(await booking(soon)).toMatchObject({ amountPaidCents: 11_475 });
    expect(await payments(soon)).toMatchObject([
      { kind: 'full', amountCents: 11_475, status: 'succeeded' },
    ]);
    expect(await payments(later)).toEqual([]);
    await sweepVisitCharges(deps, new Date(now.getTime() + 2 * HOUR));
    expect(await payments(later)).toHaveLength(1);
    expect(await payments(soon)).toHaveLength(1);
  });

  it('charges nothing for a visit of a moved day until its new time is settled', async () => {
    const series = await insertSeries(db.knex, { anchorDate: chicagoDate(new Date()) });
    await cardWorld(db.knex, series.clientId);
    const visit = await seriesVisit(series, 10);
    const move = await pendingMove(visit);
    const deps = paymentDepsOf(api.deps);
    await sweepVisitCharges(deps);
    expect(await payments(visit)).toEqual([]);
    expect(await booking(visit)).toMatchObject({ amountPaidCents: 0, visitChargeClaimedAt: null });
    await db
      .knex('visitMoves')
      .where({ id: move })
      .update({ status: 'accepted', settledAt: new Date() });
    await sweepVisitCharges(deps);
    expect(await booking(visit)).toMatchObject({ amountPaidCents: 11_475 });
  });

  it('charges a moved visit its client answered another way, or that the cleaner has started', async () => {
    const series = await insertSeries(db.knex, { anchorDate: chicagoDate(new Date()) });
    await cardWorld(db.knex, series.clientId);
    const deps = paymentDepsOf(api.deps);
    // Moved on by its client from the booking page, not through the link.
    const movedOn = await seriesVisit(series, 10);
    await pendingMove(movedOn);
    await db
      .knex('bookings')
      .where({ id: movedOn })
      .update({ scheduledAt: new Date(Date.now() + 11 * HOUR), scheduledTime: '23:59' });
    // Never answered, but the cleaner came at the proposed time and was let in.
    const started = await seriesVisit(series, 9);
    await pendingMove(started);
    const proposal = await db.knex('visitMoves').where({ bookingId: started }).first();
    const provider = await db.knex('users').where({ role: 'provider' }).first();
    expect((await booking(started)).scheduledDate).toBe(proposal.proposedDate);
    await db
      .knex('bookings')
      .where({ id: started })
      .update({ providerId: provider.id, assignedAt: new Date() });
    await sweepVisitCharges(deps);
    expect(await booking(movedOn)).toMatchObject({ amountPaidCents: 11_475 });
    expect(await payments(started)).toEqual([]);
    await db.knex('bookings').where({ id: started }).update({ clockInAt: new Date() });
    await sweepVisitCharges(deps);
    expect(await booking(started)).toMatchObject({ amountPaidCents: 11_475 });
  });

  it('sends a series visit no pay link: its card is charged 12 hours before', async () => {
    const series = await insertSeries(db.knex, { anchorDate: chicagoDate(new Date()) });
    await cardWorld(db.knex, series.clientId);
    const visit = await seriesVisit(series, 20);
    const [oneTime] = await db
      .knex('bookings')
      .insert(bookingRow(new Date(Date.now() + 20 * HOUR), { clientId: series.clientId }))
      .returning('id');
    await sweepBalanceRequests(paymentDepsOf(api.deps));
    expect(await booking(visit)).toMatchObject({ balanceRequestedAt: null });
    expect((await booking(oneTime.id)).balanceRequestedAt).not.toBeNull();
  });

  it('leaves a one-time pay-as-you-go booking to its deposit and balance links', async () => {
    const series = await insertSeries(db.knex, { anchorDate: chicagoDate(new Date()) });
    await cardWorld(db.knex, series.clientId);
    const [row] = await db
      .knex('bookings')
      .insert(bookingRow(new Date(Date.now() + 6 * HOUR), { clientId: series.clientId }))
      .returning('id');
    await sweepVisitCharges(paymentDepsOf(api.deps));
    expect(await payments(row.id)).toEqual([]);
  });
});
