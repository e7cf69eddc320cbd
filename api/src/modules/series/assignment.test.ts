import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import {
  dayFromToday,
  insertSeries,
  providerWithWeek,
  seriesDeps,
  visitsOf,
} from '../../test/series-fixtures';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { generateSeriesVisits } from './generate';
import { claimRegularProvider } from './regular-provider';

// Same cleaner (DECISIONS.md "Recurring visits"): the provider who takes a series' first visit
// becomes its regular provider; each later visit is theirs directly when their week covers it
// and they have no other job then, else it goes to the job board.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const run = (seriesId: string) => generateSeriesVisits(seriesDeps(api.deps), new Date(), seriesId);
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const mailsTo = (email: string) =>
  db.knex('outboundEmails').where({ toAddress: email, template: 'series_regular_visit' });

describe('a series visit and its regular provider', () => {
  it('prices each visit now: the series discount for pay-as-you-go, the member rate for members', async () => {
    const payg = await insertSeries(db.knex, { anchorDate: dayFromToday(1) });
    const member = await insertSeries(db.knex, {
      anchorDate: dayFromToday(1),
      clientFields: { subscriptionType: 'standard' },
    });
    await run(payg.seriesId);
    await run(member.seriesId);
    // 2 bedrooms, a bath, kitchen and living room: 130 minutes → 3 hours.
    const [paygVisit] = await visitsOf(db.knex, payg.seriesId);
    // $45 × 3 = $135, less the weekly 15 % = $114.75; no deposit: charged 12 h before.
    expect(paygVisit).toMatchObject({
      hourlyRateCents: 4500,
      baseAmountCents: 11475,
      totalAmountCents: 11475,
      depositAmountCents: 0,
      subscriptionType: 'none',
    });
    const [memberVisit] = await visitsOf(db.knex, member.seriesId);
    // $25 × 3 at the member rate, no extra discount.
    expect(memberVisit).toMatchObject({
      hourlyRateCents: 2500,
      baseAmountCents: 7500,
      totalAmountCents: 7500,
      depositAmountCents: 0,
      subscriptionType: 'standard',
    });
  });

  it('gives the regular provider each visit their week covers, and tells them', async () => {
    const anchor = dayFromToday(2);
    const regular = await providerWithWeek(db.knex, [[weekdayOf(anchor), '08:00', '16:00']]);
    const { seriesId } = await insertSeries(db.knex, {
      anchorDate: anchor,
      regularProviderId: regular.id,
    });
    await run(seriesId);
    const visits = await visitsOf(db.knex, seriesId);
    expect(visits).toHaveLength(5);
    expect(visits.every((v) => v.providerId === regular.id && v.assignedAt)).toBe(true);
    const mails = await mailsTo(regular.email);
    expect(mails).toHaveLength(5);
    expect(mails[0].subject).toBe('A visit with your regular client');
    expect(mails[0].textBody).not.toContain('4420 Upton');
  });

  it('leaves a visit on the board when their week does not cover it', async () => {
    const anchor = dayFromToday(2);
    const elsewhere = await providerWithWeek(db.knex, [
      [(weekdayOf(anchor) + 1) % 7, '08:00', '16:00'],
    ]);
    const morningsOnly = await providerWithWeek(db.knex, [[weekdayOf(anchor), '08:00', '10:00']]);
    for (const regular of [elsewhere, morningsOnly]) {
      const { seriesId } = await insertSeries(db.knex, {
        anchorDate: anchor,
        regularProviderId: regular.id,
      });
      await run(seriesId);
      const visits = await visitsOf(db.knex, seriesId);
      expect(visits).toHaveLength(5);
      expect(visits.every((v) => v.providerId === null)).toBe(true);
      expect(await mailsTo(regular.email)).toHaveLength(0);
    }
  });

  it('leaves a visit on the board when the regular provider has another job then', async () => {
    const anchor = dayFromToday(2);
    const regular = await providerWithWeek(db.knex, [[weekdayOf(anchor), '08:00', '16:00']]);
    const busyDay = addDays(anchor, 7);
    await db.knex('bookings').insert(
      bookingRow(chicagoInstant(busyDay, '11:00'), {
        providerId: regular.id,
        assignedAt: new Date(),
      }),
    );
    const { seriesId } = await insertSeries(db.knex, {
      anchorDate: anchor,
      regularProviderId: regular.id,
    });
    await run(seriesId);
    const visits = await visitsOf(db.knex, seriesId);
    expect(visits.filter((v) => v.providerId === null).map((v) => v.seriesDate)).toEqual([busyDay]);
    expect(visits.filter((v) => v.providerId === regular.id)).toHaveLength(4);
  });

  it('makes the provider who accepts the first visit the regular provider, with the later visits', async () => {
    const anchor = dayFromToday(2);
    const first = await providerWithWeek(db.knex, [[weekdayOf(anchor), '08:00', '16:00']]);
    const { seriesId } = await insertSeries(db.knex, { anchorDate: anchor });
    await run(seriesId);
    const before = await visitsOf(db.knex, seriesId);
    expect(before.every((v) => v.providerId === null)).toBe(true);
    // A visit another provider already has stays theirs.
    const other = await providerWithWeek(db.knex, []);
    const taken = before[3];
    await db
      .knex('bookings')
      .where({ id: taken.id })
      .update({ providerId: other.id, assignedAt: new Date() });

    const call = await signedInJson(api.url, first.email);
    const accepted = await call('POST', `/api/provider/job-board/${before[0].id}/accept`);
    expect(accepted.status).toBe(200);
    expect(await db.knex('bookingSeries').where({ id: seriesId }).first()).toMatchObject({
      regularProviderId: first.id,
    });
    const after = await visitsOf(db.knex, seriesId);
    expect(after.map((v) => v.providerId)).toEqual([
      first.id,
      first.id,
      first.id,
      other.id,
      first.id,
    ]);
    expect(
      await db.knex('seriesEvents').where({ seriesId, kind: 'regular_provider' }),
    ).toHaveLength(1);

    // A later accept by someone else does not replace the regular provider.
    await db
      .knex('bookings')
      .where({ id: after[4].id })
      .update({ providerId: null, assignedAt: null });
    const second = await providerWithWeek(db.knex, []);
    const secondCall = await signedInJson(api.url, second.email);
    expect((await secondCall('POST', `/api/provider/job-board/${after[4].id}/accept`)).status).toBe(
      200,
    );
    expect(await db.knex('bookingSeries').where({ id: seriesId }).first()).toMatchObject({
      regularProviderId: first.id,
    });
  });

  it('lets two providers take two visits of a new series at once: one becomes regular, neither waits on the other', async () => {
    const { seriesId } = await insertSeries(db.knex, { anchorDate: dayFromToday(2) });
    await run(seriesId);
    const [first, second] = await visitsOf(db.knex, seriesId);
    const one = await providerWithWeek(db.knex, []);
    const two = await providerWithWeek(db.knex, []);
    // The second provider is taking the second visit: its row is theirs until they commit.
    const theirs = await db.knex.transaction();
    await theirs('bookings')
      .where({ id: second.id })
      .update({ providerId: two.id, assignedAt: new Date() });
    const mine = await db.knex.transaction();
    await mine('bookings')
      .where({ id: first.id })
      .update({ providerId: one.id, assignedAt: new Date() });
    // The first claim does not wait for the second visit (it would, then deadlock, before).
    const given = await claimRegularProvider(mine, first.id, one.id);
    expect(given).not.toContain(second.id);
    await mine.commit();
    expect(await claimRegularProvider(theirs, second.id, two.id)).toEqual([]);
    await theirs.commit();
    expect(await db.knex('bookingSeries').where({ id: seriesId }).first()).toMatchObject({
      regularProviderId: one.id,
    });
    expect((await db.knex('bookings').where({ id: second.id }).first()).providerId).toBe(two.id);
  });

  it('makes the provider an admin assigns the regular provider, first assignment or reassignment', async () => {
    const staff = await signedInJson(api.url, 'staff@example.com');
    const anchor = dayFromToday(3);
    const chosen = await providerWithWeek(db.knex, [[weekdayOf(anchor), '08:00', '16:00']]);
    const first = await insertSeries(db.knex, { anchorDate: anchor });
    await run(first.seriesId);
    const [visit] = await visitsOf(db.knex, first.seriesId);
    const assigned = await staff('POST', `/api/admin/bookings/${visit.id}/assign`, {
      providerId: chosen.id,
      replacing: null,
    });
    expect(assigned.status).toBe(200);
    expect(await db.knex('bookingSeries').where({ id: first.seriesId }).first()).toMatchObject({
      regularProviderId: chosen.id,
    });
    expect((await visitsOf(db.knex, first.seriesId)).every((v) => v.providerId === chosen.id)).toBe(
      true,
    );

    // A visit given to someone else first, then reassigned, while the series has none.
    const stand = await providerWithWeek(db.knex, []);
    const second = await insertSeries(db.knex, { anchorDate: anchor });
    await run(second.seriesId);
    const [again] = await visitsOf(db.knex, second.seriesId);
    await db
      .knex('bookings')
      .where({ id: again.id })
      .update({ providerId: stand.id, assignedAt: new Date() });
    const reassigned = await staff('POST', `/api/admin/bookings/${again.id}/assign`, {
      providerId: chosen.id,
      replacing: stand.id,
    });
    expect(reassigned.status).toBe(200);
    expect(await db.knex('bookingSeries').where({ id: second.seriesId }).first()).toMatchObject({
      regularProviderId: chosen.id,
    });
  });
});
