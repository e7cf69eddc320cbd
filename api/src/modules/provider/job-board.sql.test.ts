import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR, markedVip } from '../../test/auction-fixtures';
import { bookingRow, nextWeekday } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { boardRows, claimOpenJob } from './job-board.sql';

const db = useTestDatabase();
const MONDAY = nextWeekday(1);
const NEXT_MONDAY = addDays(MONDAY, 7);
const TUESDAY = nextWeekday(2);

const starts = new Map<string, Date>();
async function job(date: string, time: string, hours = 2, overrides: Record<string, unknown> = {}) {
  const start = chicagoInstant(date, time);
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(start, overrides, hours))
    .returning('id');
  starts.set(row.id, start);
  return row.id as string;
}
const soonestFirst = (ids: string[]) =>
  [...ids].sort((a, b) => (starts.get(a)?.getTime() ?? 0) - (starts.get(b)?.getTime() ?? 0));

describe('boardRows', () => {
  let mornings: string; // Mondays 08:00–12:00
  let anyTime: string; // no slots: every open job
  let vip: string; // no slots, marked VIP
  const jobs: Record<string, string> = {};
  const vipUntil = new Date(Date.now() + 2 * HOUR);

  beforeAll(async () => {
    mornings = (await newUser(db.knex, 'provider')).id;
    await db
      .knex('availabilitySlots')
      .insert({ providerId: mornings, dayOfWeek: 1, startTime: '08:00', endTime: '12:00' });
    anyTime = (await newUser(db.knex, 'provider')).id;
    vip = (await markedVip(db.knex)).id;
    // Inserted latest first, so the order is the query's.
    jobs.later = await job(NEXT_MONDAY, '09:00');
    jobs.sooner = await job(MONDAY, '08:00', 2, { city: 'St Paul' });
    jobs.overruns = await job(MONDAY, '11:00');
    jobs.tuesday = await job(TUESDAY, '09:00');
    jobs.posted = await job(NEXT_MONDAY, '10:00', 1);
    const other = (await newUser(db.knex, 'provider')).id;
    await job(MONDAY, '09:00', 2, { providerId: other, assignedAt: new Date() });
    await job(MONDAY, '09:00', 2, { canceledAt: new Date(), cancellationReason: 'Plans changed' });
    await db.knex('houseCleaningDetails').insert({
      bookingId: jobs.sooner,
      homeSize: 'medium',
      numberOfFloors: 1,
      bedroomCount: 2,
      fullBathroomCount: 1,
      halfBathroomCount: 0,
      hasKitchen: true,
      hasLivingRoom: true,
      selectedRooms: [],
    });
    await db.knex('auctionPosts').insert({ bookingId: jobs.posted, bonusCents: 2500, vipUntil });
  });

  it("answers the open jobs that fit the provider's stretches, soonest first", async () => {
    const rows = await boardRows(db.knex, mornings, new Date());
    // The posted job fits too, but is in its VIP window.
    expect(rows.map((row) => row.id)).toEqual([jobs.sooner, jobs.later]);
    expect(rows[0]).toMatchObject({
      id: jobs.sooner,
      serviceType: 'house',
      scheduledDate: MONDAY,
      scheduledTime: '08:00',
      totalHours: 2,
      city: 'St Paul',
      totalAmountCents: 9000,
      homeSize: 'medium',
      bonusCents: null,
      providerHourlyRateCents: expect.any(Number),
      providerSharePercent: expect.any(Number),
    });
  });

  it('answers every open job to a provider with no slots, but a VIP post only to VIPs', async () => {
    const open = [jobs.later, jobs.sooner, jobs.overruns, jobs.tuesday] as string[];
    const ids = async (providerId: string, now = new Date()) =>
      (await boardRows(db.knex, providerId, now)).map((row) => row.id);
    expect(await ids(anyTime)).toEqual(soonestFirst(open));
    const withPost = soonestFirst([...open, jobs.posted as string]);
    expect(await ids(vip)).toEqual(withPost);
    const afterWindow = new Date(vipUntil.getTime() + HOUR);
    expect(await ids(anyTime, afterWindow)).toEqual(withPost);
    const posted = (await boardRows(db.knex, vip, new Date())).find((r) => r.id === jobs.posted);
    expect(posted?.bonusCents).toBe(2500);
  });

  it('leaves out the jobs that start before the clock given', async () => {
    const afterSooner = new Date((starts.get(jobs.sooner as string)?.getTime() ?? 0) + 1000);
    const rows = await boardRows(db.knex, mornings, afterSooner);
    // The posted job fits the mornings too: its VIP window is over by then.
    expect(rows.map((row) => row.id)).toEqual([jobs.later, jobs.posted]);
  });
});

describe('claimOpenJob', () => {
  const claim = (bookingId: string, providerId: string) =>
    db.knex.transaction((trx) => claimOpenJob(trx, bookingId, providerId));
  const holder = async (bookingId: string) =>
    (await db.knex('bookings').where({ id: bookingId }).first('providerId', 'assignedAt'))
      .providerId;

  it('gives an open job to the first claim only', async () => {
    const [first, second] = [
      await newUser(db.knex, 'provider'),
      await newUser(db.knex, 'provider'),
    ];
    const id = await job(MONDAY, '13:00');
    expect(await claim(id, first.id)).toBe(true);
    expect(await claim(id, second.id)).toBe(false);
    const row = await db.knex('bookings').where({ id }).first('providerId', 'assignedAt');
    expect(row.providerId).toBe(first.id);
    expect(row.assignedAt).toBeInstanceOf(Date);
  });

  it('has exactly one winner among claims at once', async () => {
    const id = await job(MONDAY, '14:00');
    const providers = await Promise.all(
      Array.from({ length: 5 }, () => newUser(db.knex, 'provider')),
    );
    const won = await Promise.all(providers.map((p) => claim(id, p.id)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await holder(id)).toBe(providers[won.indexOf(true)]?.id);
  });

  it('refuses a canceled job and one that has started', async () => {
    const provider = (await newUser(db.knex, 'provider')).id;
    const canceled = await job(MONDAY, '15:00', 2, {
      canceledAt: new Date(),
      cancellationReason: 'Plans changed',
    });
    const started = await job(MONDAY, '15:00', 2, { scheduledAt: new Date(Date.now() - HOUR) });
    expect(await claim(canceled, provider)).toBe(false);
    expect(await claim(started, provider)).toBe(false);
    expect(await holder(canceled)).toBeNull();
    expect(await holder(started)).toBeNull();
  });

  it('hides and refuses a job waiting for its client to pick a time after a moved day', async () => {
    const provider = (await newUser(db.knex, 'provider')).id;
    const waiting = await job(NEXT_MONDAY, '13:00');
    const proposed = await job(NEXT_MONDAY, '14:00');
    const [move] = await db
      .knex('dayMoves')
      .insert({ movedDate: NEXT_MONDAY, reason: 'Blizzard' })
      .returning('id');
    const pending = (bookingId: string, proposal: string | null) => ({
      dayMoveId: move.id,
      bookingId,
      fromDate: NEXT_MONDAY,
      fromTime: '13:00',
      proposedDate: proposal,
      proposedTime: proposal && '13:00',
    });
    await db
      .knex('visitMoves')
      .insert([pending(waiting, null), pending(proposed, addDays(NEXT_MONDAY, 1))]);
    const board = (await boardRows(db.knex, provider, new Date())).map((r) => r.id);
    expect(board).not.toContain(waiting);
    expect(board).toContain(proposed);
    expect(await claim(waiting, provider)).toBe(false);
    expect(await holder(waiting)).toBeNull();
    // Once the client has answered (here by moving it from their own page), it is an open job
    // like any other.
    await db
      .knex('bookings')
      .where({ id: waiting })
      .update({ scheduledTime: '15:00', scheduledAt: chicagoInstant(NEXT_MONDAY, '15:00') });
    expect((await boardRows(db.knex, provider, new Date())).map((r) => r.id)).toContain(waiting);
    expect(await claim(waiting, provider)).toBe(true);
  });

  it('keeps a job in its VIP window for VIPs, and lets anyone have it after', async () => {
    const plain = (await newUser(db.knex, 'provider')).id;
    const vip = (await markedVip(db.knex)).id;
    const inWindow = await job(MONDAY, '16:00');
    await db
      .knex('auctionPosts')
      .insert({ bookingId: inWindow, bonusCents: 1000, vipUntil: new Date(Date.now() + HOUR) });
    expect(await claim(inWindow, plain)).toBe(false);
    expect(await claim(inWindow, vip)).toBe(true);
    const windowOver = await job(MONDAY, '17:00');
    await db.knex('auctionPosts').insert({
      bookingId: windowOver,
      bonusCents: 1000,
      postedAt: new Date(Date.now() - 2 * HOUR),
      vipUntil: new Date(Date.now() - HOUR),
    });
    expect(await claim(windowOver, plain)).toBe(true);
  });
});
