import { homeListSchema, homeSchema } from '@twinclean/shared/homes';
import { describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);

const NOTES = 'Lockbox QM5512 on the back door';
const HOME = {
  label: 'Lake house',
  address: '3348 Hennepin Ave',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55408',
  rooms: null,
  hasPets: true,
  petDetails: 'Two cats',
  parkingNotes: 'Driveway',
  entryNotes: NOTES,
};

describe('a client’s saved homes', () => {
  it('adds, lists, reads, changes and deletes a home; its notes sealed at rest', async () => {
    const { id: clientId, call } = await signedInClient(db.knex, api.url);
    const added = await call('POST', '/api/homes', HOME);
    expect(added.status).toBe(201);
    const home = homeSchema.parse(added.json);
    expect(home).toMatchObject({ label: 'Lake house', entryNotes: NOTES, activeSeriesCount: 0 });
    const row = await db.knex('homes').where({ id: home.id }).first();
    expect(row).toMatchObject({ clientId, latitude: expect.any(Number), geocodePrecision: 'zip' });
    expect(JSON.stringify(row)).not.toContain('QM5512');

    const list = homeListSchema.parse((await call('GET', '/api/homes')).json);
    expect(list.homes.map((h) => h.id)).toEqual([home.id]);

    const changed = await call('PUT', `/api/homes/${home.id}`, {
      ...HOME,
      zipCode: '55401',
      hasPets: false,
      entryNotes: '',
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ zipCode: '55401', petDetails: '', entryNotes: '' });
    const after = await db.knex('homes').where({ id: home.id }).first();
    expect(after.entryNotesSealed).toBeNull();

    const deleted = await call('DELETE', `/api/homes/${home.id}`);
    expect(deleted).toEqual({ status: 200, json: { ok: true, message: 'Home deleted.' } });
    expect((await call('GET', '/api/homes')).json).toEqual({ homes: [] });
    expect((await call('GET', `/api/homes/${home.id}`)).status).toBe(404);
    // Archived, not removed: bookings made at it keep pointing at it.
    expect((await db.knex('homes').where({ id: home.id }).first()).archivedAt).not.toBeNull();
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const { id: clientId, call } = await signedInClient(db.knex, api.url);
    const bad = await call('POST', '/api/homes', { ...HOME, zipCode: '5540' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('ZIP code must be 5 digits');
    const long = await call('POST', '/api/homes', { ...HOME, entryNotes: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.json)).toContain('Entry notes are too long');
    expect(await db.knex('homes').where({ clientId })).toHaveLength(0);
  });

  it("refuses to delete a home a series still visits, and hides another client's home", async () => {
    const owner = await signedInClient(db.knex, api.url);
    const stranger = await signedInClient(db.knex, api.url);
    const home = homeSchema.parse((await owner.call('POST', '/api/homes', HOME)).json);
    await db.knex('bookingSeries').insert({
      clientId: owner.id,
      homeId: home.id,
      serviceType: 'house',
      intervalWeeks: 2,
      anchorDate: '2026-12-07',
      scheduledTime: '09:00',
      details: {},
    });
    expect((await owner.call('GET', `/api/homes/${home.id}`)).json.activeSeriesCount).toBe(1);
    const refused = await owner.call('DELETE', `/api/homes/${home.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/Cancel the series first/);
    expect((await db.knex('homes').where({ id: home.id }).first()).archivedAt).toBeNull();

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', HOME],
      ['DELETE', undefined],
    ] as const) {
      const answer = await stranger.call(method, `/api/homes/${home.id}`, body);
      expect(answer.status, method).toBe(404);
      expect(JSON.stringify(answer.json)).not.toContain('QM5512');
    }
    expect((await stranger.call('GET', '/api/homes')).json).toEqual({ homes: [] });
  });
});
