import { adminSeriesDetailsSchema, adminSeriesPageSchema } from '@twinclean/shared/admin-series';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import { dataCipher } from '../../security/data-cipher';
import { newUser } from '../../test/people';
import { mailTo, seriesOfNewClient, visitRow } from '../../test/series-kit';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

async function admin() {
  const user = await newUser(db.knex, 'client', { role: 'admin_staff' });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and parse what matters
  return { ...user, call: await signedInJson<any>(api.url, user.email) };
}

describe('the admin Series pages', () => {
  it('lists series filtered by frequency, regular provider and paused', async () => {
    const weekly = await seriesOfNewClient(db.knex, api.url);
    const paused = await seriesOfNewClient(db.knex, api.url);
    await db
      .knex('bookingSeries')
      .where({ id: paused.series })
      .update({ intervalWeeks: 2, pausedUntil: addDays(chicagoDate(new Date()), 10) });
    const { call } = await admin();
    const ids = async (query: string) => {
      const answer = await call('GET', `/api/admin/series?${query}`);
      expect(answer.status).toBe(200);
      return adminSeriesPageSchema.parse(answer.json).items.map((i) => i.id);
    };
    expect(await ids(`providerId=${weekly.provider.id}`)).toEqual([weekly.series]);
    expect(await ids('frequency=biweekly')).toContain(paused.series);
    expect(await ids('frequency=biweekly')).not.toContain(weekly.series);
    expect(await ids('paused=yes')).toEqual([paused.series]);
    expect(await ids('paused=no')).toContain(weekly.series);
    expect(await ids('paused=no')).not.toContain(paused.series);
    const bad = await call('GET', '/api/admin/series?frequency=daily');
    expect(bad.status).toBe(400);
  });

  it('shows a series with its visits and history, and never the home’s entry notes', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const notes = 'Lockbox 4417, alarm 9090';
    const cipher = await dataCipher(db.knex);
    await db
      .knex('homes')
      .where({ id: s.home })
      .update({ entryNotesSealed: cipher.seal(notes) });
    await s.asClient('POST', `/api/series/${s.series}/changes`, {
      action: 'skip',
      bookingId: s.visits[0],
    });
    const { call } = await admin();
    const answer = await call('GET', `/api/admin/series/${s.series}`);
    expect(answer.status).toBe(200);
    const details = adminSeriesDetailsSchema.parse(answer.json);
    expect(details.visits.map((v) => [v.bookingId, v.status])).toEqual([
      [s.visits[0], 'canceled'],
      [s.visits[1], 'assigned'],
      [s.visits[2], 'assigned'],
    ]);
    expect(details.history[0]).toMatchObject({ kind: 'skipped', actorName: 'Cora Tester' });
    expect(JSON.stringify(answer.json)).not.toContain('Lockbox');
    expect(JSON.stringify(answer.json)).not.toContain('v1:');
  });

  it('changes the regular provider: future visits become theirs, audited, everyone told', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const next = await newUser(db.knex, 'provider');
    const staff = await admin();
    const answer = await staff.call('POST', `/api/admin/series/${s.series}/regular-provider`, {
      providerId: next.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.series.regularProvider).toMatchObject({ id: next.id });
    for (const id of s.visits) expect((await visitRow(db.knex, id)).providerId).toBe(next.id);
    const audit = await db.knex('auditLog').where({ entityId: s.series }).first();
    expect(audit).toMatchObject({ actorId: staff.id, action: 'series.regular_provider' });
    expect(await mailTo(db.knex, next.email, 'series_provider_changed')).toHaveLength(1);
    const [former] = await mailTo(db.knex, s.provider.email, 'series_provider_changed');
    expect(former?.textBody).toContain('are no longer yours');
    const [client] = await mailTo(db.knex, s.client.email, 'series_changed');
    expect(client?.textBody).toContain('Your regular cleaner is now Pia.');
    const cleared = await staff.call('POST', `/api/admin/series/${s.series}/regular-provider`, {
      providerId: null,
    });
    expect(cleared.status).toBe(200);
    for (const id of s.visits) expect((await visitRow(db.knex, id)).providerId).toBeNull();
    const unknown = await staff.call('POST', `/api/admin/series/${s.series}/regular-provider`, {
      providerId: s.client.id,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Choose an active provider.');
  });

  it('pauses and cancels on the client’s behalf, with the consequence first, audited', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const staff = await admin();
    const until = addDays(s.anchor, 1);
    const preview = await staff.call('POST', `/api/admin/series/${s.series}/preview`, {
      action: 'pause',
      until,
    });
    expect(preview.json.consequence).toMatch(/^Your recurring cleaning is paused until/);
    expect(await db.knex('auditLog').where({ entityId: s.series })).toHaveLength(0);
    const paused = await staff.call('POST', `/api/admin/series/${s.series}/changes`, {
      action: 'pause',
      until,
    });
    expect(paused.json.series.pausedUntil).toBe(until);
    const canceled = await staff.call('POST', `/api/admin/series/${s.series}/changes`, {
      action: 'cancel',
      reason: 'Client called',
    });
    expect(canceled.json.cancellationReason).toBe('Client called');
    const audits = await db.knex('auditLog').where({ entityId: s.series }).orderBy('createdAt');
    expect(audits.map((a) => a.action)).toEqual(['series.pause', 'series.cancel']);
    expect(await mailTo(db.knex, s.client.email, 'series_changed')).toHaveLength(2);
    const skip = await staff.call('POST', `/api/admin/series/${s.series}/changes`, {
      action: 'skip',
      bookingId: s.visits[0],
    });
    expect(skip.status).toBe(400);
  });
});
