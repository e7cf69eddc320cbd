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
const seriesRow = (id: string) => db.knex('bookingSeries').where({ id }).first();
const liveVisits = (seriesId: string) =>
  db.knex('bookings').where({ seriesId }).whereNull('canceledAt').orderBy('scheduledAt');

/** Makes the series' first visit one charged 12 h before, now 6 h away. */
async function chargedSoon(visit: string) {
  const soon = new Date(Date.now() + 6 * 3_600_000);
  await db.knex('bookings').where({ id: visit }).update({
    scheduledAt: soon,
    visitChargeClaimedAt: new Date(),
    amountPaidCents: 9000,
  });
}

describe('changing a whole series', () => {
  it('pause: visits before the date are canceled without a fee, the rest stay', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const [first, second, third] = s.visits as [string, string, string];
    const until = addDays(s.anchor, 8);
    const change = { action: 'pause', until };
    const preview = await s.asClient('POST', `/api/series/${s.series}/preview`, change);
    expect(preview.json.consequence).toBe(
      `Your recurring cleaning is paused until ${shortDay(until)}: no visits before then. Your visits on ${shortDay(
        s.anchor,
      )} and ${shortDay(addDays(s.anchor, 7))} will be canceled. The next is on ${shortDay(
        s.anchor,
      )}. It is more than 24 hours away: no fee.`,
    );
    const done = await s.asClient('POST', `/api/series/${s.series}/changes`, change);
    expect(done.status).toBe(200);
    expect(done.json.pausedUntil).toBe(until);
    for (const id of [first, second]) {
      const visit = await visitRow(db.knex, id);
      expect(visit).toMatchObject({ seriesId: s.series, cancellationFeeCents: 0 });
      expect(visit.canceledAt).not.toBeNull();
    }
    expect((await visitRow(db.knex, third)).canceledAt).toBeNull();
    await expectRecorded(db.knex, s.series, s.client.email, 'paused', preview.json.consequence);
    const [notice] = await mailTo(db.knex, s.provider.email, 'series_provider_changed');
    expect(notice?.textBody).toContain(`visits on ${shortDay(s.anchor)} and`);
  });

  it('pause: a date that is not after today is refused and changes nothing', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const before = await snapshot(db.knex);
    for (const until of [day(0), '2026-13-40']) {
      const answer = await s.asClient('POST', `/api/series/${s.series}/changes`, {
        action: 'pause',
        until,
      });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toBe('Choose a date after today to pause until.');
    }
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('resume: the pause ends and the visits it canceled are planned again', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    await s.asClient('POST', `/api/series/${s.series}/changes`, {
      action: 'pause',
      until: addDays(s.anchor, 20),
    });
    expect(await liveVisits(s.series)).toHaveLength(0);
    const resumed = await s.asClient('POST', `/api/series/${s.series}/changes`, {
      action: 'resume',
    });
    expect(resumed.status).toBe(200);
    expect(resumed.json.pausedUntil).toBeNull();
    const dates = (await liveVisits(s.series)).map((v) => v.seriesDate);
    expect(dates.slice(0, 3)).toEqual([s.anchor, addDays(s.anchor, 7), addDays(s.anchor, 14)]);
    const [event] = (await db
      .knex('seriesEvents')
      .where({ seriesId: s.series, kind: 'resumed' })) as {
      summary: string;
    }[];
    expect(event?.summary).toMatch(
      /^Your recurring cleaning resumes: every week on \w+ at 10:00 AM/,
    );
    const again = await s.asClient('POST', `/api/series/${s.series}/changes`, { action: 'resume' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This recurring cleaning is not paused.');
  });

  it('reschedule: unstarted visits are replaced on the new day, time and frequency', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const start = day(4);
    const change = {
      action: 'reschedule',
      frequency: 'biweekly',
      startDate: start,
      scheduledTime: '11:00',
    };
    const preview = await s.asClient('POST', `/api/series/${s.series}/preview`, change);
    expect(preview.json.consequence).toContain(
      `From ${shortDay(start)}, your visits will be every 2 weeks on`,
    );
    expect(preview.json.consequence).toContain('will be replaced by the new ones.');
    const done = await s.asClient('POST', `/api/series/${s.series}/changes`, change);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ frequency: 'biweekly', scheduledTime: '11:00' });
    const live = await liveVisits(s.series);
    // The booking window is 30 days: the third date on the new rhythm is beyond it.
    expect(live.map((v) => v.scheduledDate)).toEqual([start, addDays(start, 14)]);
    expect(live.every((v) => v.scheduledTime === '11:00')).toBe(true);
    for (const old of s.visits) {
      expect(await visitRow(db.knex, old)).toMatchObject({
        seriesId: null,
        cancellationFeeCents: 0,
      });
    }
    await expectRecorded(
      db.knex,
      s.series,
      s.client.email,
      'rescheduled',
      preview.json.consequence,
    );
  });

  it('new cleaner: the regular provider is cleared and their visits go back to the board', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const change = { action: 'new_cleaner', reason: 'We would like someone else' };
    const preview = await s.asClient('POST', `/api/series/${s.series}/preview`, change);
    expect(preview.json.consequence).toMatch(/^You asked for another cleaner\. Your visits on /);
    const done = await s.asClient('POST', `/api/series/${s.series}/changes`, change);
    expect(done.json.regularProviderFirstName).toBeNull();
    expect((await seriesRow(s.series)).regularProviderId).toBeNull();
    for (const id of s.visits) expect((await visitRow(db.knex, id)).providerId).toBeNull();
    await expectRecorded(
      db.knex,
      s.series,
      s.client.email,
      'new_cleaner',
      preview.json.consequence,
    );
    const [notice] = await mailTo(db.knex, s.provider.email, 'series_provider_changed');
    expect(notice?.textBody).toContain('The client asked for another cleaner.');
  });

  it('cancel: future visits canceled, a visit under 12 hours away and charged stays, as said', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const [first, second, third] = s.visits as [string, string, string];
    await chargedSoon(first);
    // Paid in full early, days ahead: canceling it here would keep the money without a refund.
    await db.knex('bookings').where({ id: third }).update({ amountPaidCents: 9000 });
    const change = { action: 'cancel', reason: 'Moving out of town' };
    const preview = await s.asClient('POST', `/api/series/${s.series}/preview`, change);
    const soonDay = (await visitRow(db.knex, first)).scheduledDate;
    expect(preview.json.consequence).toContain(
      `Your visit on ${shortDay(soonDay)} stays as planned: it is less than 12 hours away and already charged.`,
    );
    expect(preview.json.consequence).toMatch(
      /^Your recurring cleaning will be canceled: no more visits\./,
    );
    const thirdDay = (await visitRow(db.knex, third)).scheduledDate;
    expect(preview.json.consequence).toContain(
      `Your visit on ${shortDay(thirdDay)} stays as planned: it is already paid (cancel it from its booking page).`,
    );
    const done = await s.asClient('POST', `/api/series/${s.series}/changes`, change);
    expect(done.json.canceledAt).not.toBeNull();
    expect((await visitRow(db.knex, first)).canceledAt).toBeNull();
    expect((await visitRow(db.knex, third)).canceledAt).toBeNull();
    for (const id of [second]) {
      expect(await visitRow(db.knex, id)).toMatchObject({
        seriesId: s.series,
        cancellationFeeCents: 0,
      });
      expect((await visitRow(db.knex, id)).canceledAt).not.toBeNull();
    }
    await expectRecorded(db.knex, s.series, s.client.email, 'canceled', preview.json.consequence);
    const again = await s.asClient('POST', `/api/series/${s.series}/changes`, { action: 'resume' });
    expect(again.status).toBe(409);
  });
});
