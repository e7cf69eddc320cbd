import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import { snapshot } from '../../test/route-world';
import { expectRecorded, mailTo, seriesOfNewClient, visitRow } from '../../test/series-kit';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { shortDay } from './visits';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const day = (days: number) => addDays(chicagoDate(new Date()), days);

describe('skipping and moving one visit of a series', () => {
  it('skip: the preview says the consequence, the change cancels that visit only and tells everyone', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const [first, second] = s.visits as [string, string];
    const before = await snapshot(db.knex);
    const preview = await s.asClient('POST', `/api/series/${s.series}/preview`, {
      action: 'skip',
      bookingId: first,
    });
    expect(preview.status).toBe(200);
    expect(preview.json.consequence).toBe(
      `Your visit on ${shortDay(s.anchor)} will be canceled; the visits after it stay as planned. It is more than 24 hours away: no fee.`,
    );
    expect(await snapshot(db.knex)).toBe(before);
    const done = await s.asClient('POST', `/api/series/${s.series}/changes`, {
      action: 'skip',
      bookingId: first,
    });
    expect(done.status).toBe(200);
    expect((await visitRow(db.knex, first)).canceledAt).not.toBeNull();
    expect((await visitRow(db.knex, first)).seriesId).toBe(s.series);
    expect((await visitRow(db.knex, second)).canceledAt).toBeNull();
    expect(
      done.json.upcoming.find((v: { bookingId: string }) => v.bookingId === first).status,
    ).toBe('canceled');
    await expectRecorded(db.knex, s.series, s.client.email, 'skipped', preview.json.consequence);
    expect(await mailTo(db.knex, s.provider.email, 'provider_job_canceled')).toHaveLength(1);
  });

  it('skip: a visit of another series, or another client’s series, is not found', async () => {
    const mine = await seriesOfNewClient(db.knex, api.url);
    const theirs = await seriesOfNewClient(db.knex, api.url);
    const before = await snapshot(db.knex);
    const wrongVisit = await mine.asClient('POST', `/api/series/${mine.series}/changes`, {
      action: 'skip',
      bookingId: theirs.visits[0],
    });
    expect(wrongVisit.status).toBe(404);
    const wrongSeries = await mine.asClient('POST', `/api/series/${theirs.series}/changes`, {
      action: 'skip',
      bookingId: theirs.visits[0],
    });
    expect(wrongSeries.status).toBe(404);
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('move: a new time the regular provider’s week covers stays theirs', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const [first] = s.visits as [string];
    const change = {
      action: 'move',
      bookingId: first,
      scheduledDate: day(5),
      scheduledTime: '13:00',
    };
    const preview = await s.asClient('POST', `/api/series/${s.series}/preview`, change);
    expect(preview.json.consequence).toBe(
      `Your visit on ${shortDay(s.anchor)} will move to ${shortDay(day(5))} at 1:00 PM; the other visits stay as planned. Your cleaner's availability covers the new time: it stays theirs.`,
    );
    const done = await s.asClient('POST', `/api/series/${s.series}/changes`, change);
    expect(done.status).toBe(200);
    const moved = await visitRow(db.knex, first);
    expect(moved).toMatchObject({
      scheduledDate: day(5),
      scheduledTime: '13:00',
      seriesDate: s.anchor,
    });
    expect(moved.providerId).toBe(s.provider.id);
    await expectRecorded(db.knex, s.series, s.client.email, 'moved', preview.json.consequence);
  });

  it('move: outside the regular provider’s week the visit goes to the board, as previewed', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const [first] = s.visits as [string];
    // Their week: the series' own weekday mornings only.
    const weekday = new Date(`${s.anchor}T12:00:00Z`).getUTCDay();
    await db.knex('availabilitySlots').insert({
      providerId: s.provider.id,
      dayOfWeek: weekday,
      startTime: '08:00',
      endTime: '13:00',
    });
    const other = day(4) === s.anchor ? day(5) : day(4);
    const change = {
      action: 'move',
      bookingId: first,
      scheduledDate: other,
      scheduledTime: '15:00',
    };
    const preview = await s.asClient('POST', `/api/series/${s.series}/preview`, change);
    expect(preview.json.consequence).toContain(
      'Your cleaner is not available then, so it goes to other cleaners on the job board.',
    );
    expect((await visitRow(db.knex, first)).providerId).toBe(s.provider.id);
    await s.asClient('POST', `/api/series/${s.series}/changes`, change);
    expect((await visitRow(db.knex, first)).providerId).toBeNull();
    await expectRecorded(db.knex, s.series, s.client.email, 'moved', preview.json.consequence);
  });

  it('move: a date outside the booking window or not on the calendar is refused, nothing changes', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const before = await snapshot(db.knex);
    for (const scheduledDate of [day(45), '2026-02-30']) {
      for (const path of ['preview', 'changes']) {
        const answer = await s.asClient('POST', `/api/series/${s.series}/${path}`, {
          action: 'move',
          bookingId: s.visits[0],
          scheduledDate,
          scheduledTime: '10:00',
        });
        expect(answer.status).toBe(400);
        expect(answer.json.message).toBe('Choose a date from today up to 30 days ahead.');
      }
    }
    expect(await snapshot(db.knex)).toBe(before);
  });
});
