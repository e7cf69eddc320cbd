import { addDays, chicagoDate, chicagoInstant, chicagoTime } from '@twinclean/shared/schedule';
import { afterAll, describe, expect, it } from 'vitest';
import { createKnex } from '../../db/connection';
import { untilWaitingOnALock } from '../../test/lock-wait';
import { dayFromToday, insertSeries, seriesDeps, visitsOf } from '../../test/series-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { generateSeriesVisits } from './generate';
import { seriesVisitsOf } from './visit-label';

// The daily schedule's work (DECISIONS.md "Recurring visits"): each series' visits for the
// 30-day booking window, each planned date once however often and wherever it runs.

const db = useTestDatabase();
const api = useTestServer(db);
const extra: ReturnType<typeof createKnex>[] = [];
afterAll(async () => {
  await Promise.all(extra.map((k) => k.destroy()));
});

const run = (seriesId?: string, now = new Date()) =>
  generateSeriesVisits(seriesDeps(api.deps), now, seriesId);
const datesOf = async (seriesId: string) =>
  (await visitsOf(db.knex, seriesId)).map((v) => v.seriesDate as string);

describe('generateSeriesVisits', () => {
  it('plans the 30-day window once however often it runs', async () => {
    const { seriesId } = await insertSeries(db.knex, { anchorDate: dayFromToday(2) });
    expect(await run(seriesId)).toEqual({ created: 5 });
    // Day 30 is the window's last day; day 37 waits for a later run.
    expect(await datesOf(seriesId)).toEqual([2, 9, 16, 23, 30].map(dayFromToday));
    expect(await run(seriesId)).toEqual({ created: 0 });
    expect(await run()).toMatchObject({ created: expect.any(Number) });
    expect(await datesOf(seriesId)).toHaveLength(5);
    const [first] = await visitsOf(db.knex, seriesId);
    expect(first).toMatchObject({
      serviceType: 'house',
      address: '4420 Upton Ave S',
      providerId: null,
      priceIsFinal: true,
      depositAmountCents: 0,
      clientNotes: 'Please water the fern',
    });
  });

  it('creates each visit once when two workers run at the same time', async () => {
    const { seriesId } = await insertSeries(db.knex, { anchorDate: dayFromToday(1) });
    const one = createKnex(db.url);
    const two = createKnex(db.url);
    extra.push(one, two);
    const now = new Date();
    const runs = await Promise.all([
      generateSeriesVisits(seriesDeps(api.deps, one), now, seriesId),
      generateSeriesVisits(seriesDeps(api.deps, two), now, seriesId),
    ]);
    expect(runs[0].created + runs[1].created).toBe(5);
    expect(await datesOf(seriesId)).toEqual([1, 8, 15, 22, 29].map(dayFromToday));
  });

  it('keeps a 09:00 weekly visit at 09:00 in Chicago across the end of daylight saving time', async () => {
    const { seriesId } = await insertSeries(db.knex, { anchorDate: '2026-10-25' });
    await run(seriesId, chicagoInstant('2026-10-24', '12:00'));
    const visits = await visitsOf(db.knex, seriesId);
    expect(visits.map((v) => v.seriesDate)).toEqual([
      '2026-10-25',
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
    ]);
    for (const v of visits) {
      expect(chicagoTime(v.scheduledAt)).toBe('09:00');
      expect(chicagoDate(v.scheduledAt)).toBe(v.seriesDate);
    }
    // CDT (UTC−5) before the change, CST (UTC−6) after it.
    expect(visits[0].scheduledAt.toISOString()).toBe('2026-10-25T14:00:00.000Z');
    expect(visits[1].scheduledAt.toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });

  it('plans nothing before a pause ends, and nothing for a canceled series', async () => {
    const paused = await insertSeries(db.knex, {
      anchorDate: dayFromToday(1),
      pausedUntil: dayFromToday(15),
    });
    await run(paused.seriesId);
    expect(await datesOf(paused.seriesId)).toEqual([15, 22, 29].map(dayFromToday));

    const canceled = await insertSeries(db.knex, { anchorDate: dayFromToday(1) });
    await db
      .knex('bookingSeries')
      .where({ id: canceled.seriesId })
      .update({ canceledAt: new Date(), cancellationReason: 'Moving away' });
    expect(await run(canceled.seriesId)).toEqual({ created: 0 });
    expect(await datesOf(canceled.seriesId)).toEqual([]);
  });

  it('never plans again a date whose visit was skipped', async () => {
    const { seriesId } = await insertSeries(db.knex, { anchorDate: dayFromToday(3) });
    await run(seriesId);
    await db
      .knex('bookings')
      .where({ seriesId, seriesDate: dayFromToday(10) })
      .update({ canceledAt: new Date(), cancellationReason: 'Skipped' });
    expect(await run(seriesId)).toEqual({ created: 0 });
    const live = (await visitsOf(db.knex, seriesId)).filter((v) => !v.canceledAt);
    expect(live.map((v) => v.seriesDate)).toEqual([3, 17, 24].map(dayFromToday));
  });

  it('plans the new rhythm after a change of frequency and day', async () => {
    const { seriesId } = await insertSeries(db.knex, { anchorDate: dayFromToday(1) });
    await run(seriesId);
    // What a reschedule does (series-manage): future visits canceled and freed, a new anchor.
    await db.knex('bookings').where({ seriesId }).update({
      canceledAt: new Date(),
      cancellationReason: 'Rescheduled',
      seriesId: null,
      seriesDate: null,
    });
    await db
      .knex('bookingSeries')
      .where({ id: seriesId })
      .update({ intervalWeeks: 2, anchorDate: dayFromToday(3), scheduledTime: '13:00' });
    expect(await run(seriesId)).toEqual({ created: 2 });
    const visits = await visitsOf(db.knex, seriesId);
    expect(visits.map((v) => [v.seriesDate, v.scheduledTime])).toEqual([
      [dayFromToday(3), '13:00'],
      [dayFromToday(17), '13:00'],
    ]);
  });

  it('plans from the series as it is once a change made during the run commits, not as the run read it', async () => {
    const { seriesId } = await insertSeries(db.knex, { anchorDate: dayFromToday(1) });
    // A client's new day, mid-change: the series locked, its day moved two days on.
    const change = await db.knex.transaction();
    await change('bookingSeries').where({ id: seriesId }).forUpdate().first();
    await change('bookingSeries')
      .where({ id: seriesId })
      .update({ anchorDate: dayFromToday(3) });
    const running = run(seriesId);
    await untilWaitingOnALock(db.knex);
    await change.commit();
    await running;
    // The run read the old day at its start: it plans none of those dates (the change plans its
    // own right after it commits, as the next run would).
    expect(await datesOf(seriesId)).toEqual([]);
    await run(seriesId);
    expect(await datesOf(seriesId)).toEqual([3, 10, 17, 24].map(dayFromToday));
  });

  it('numbers visits by planned date, a skipped one left out of the count', async () => {
    const { seriesId } = await insertSeries(db.knex, {
      anchorDate: dayFromToday(1),
      intervalWeeks: 2,
    });
    await run(seriesId);
    const [first, second, third] = await visitsOf(db.knex, seriesId);
    await db.knex('bookings').where({ id: first.id }).update({
      canceledAt: new Date(),
      cancellationReason: 'Skipped',
    });
    const labels = await seriesVisitsOf(db.knex, [first.id, second.id, third.id]);
    expect(labels.get(second.id)).toEqual({
      seriesId,
      frequency: 'biweekly',
      visitNumber: 1,
      label: 'Every 2 weeks · 1st visit',
    });
    expect(labels.get(third.id)?.label).toBe('Every 2 weeks · 2nd visit');
    expect(labels.get(first.id)?.visitNumber).toBe(1);
    expect(addDays(first.seriesDate, 14)).toBe(second.seriesDate);
  });
});
