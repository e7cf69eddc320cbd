import { addDays, chicagoDate, chicagoInstant, chicagoTime } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataCipher } from '../../security/data-cipher';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// Issue 31, the provider's side: a series visit says which visit of which rhythm it is on job
// cards, the job page and the board (marked "Regular client" there), and its home's notes are
// read through GET /api/provider/jobs/:id/home, the entry notes only by the assigned provider
// from 24 h before the visit.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;
const ENTRY_NOTES = 'Lockbox 4321 on the side door; the alarm code is 1999';

type Card = { id: string; series: { label: string; visitNumber: number } | null };

let regular: { id: string; email: string };
let other: { id: string; email: string };
const visit: Record<'done' | 'soon' | 'later' | 'open' | 'oneTime', string> = {
  done: '',
  soon: '',
  later: '',
  open: '',
  oneTime: '',
};

beforeAll(async () => {
  const client = await newUser(db.knex, 'client');
  regular = await newUser(db.knex, 'provider');
  other = await newUser(db.knex, 'provider');
  const cipher = await dataCipher(db.knex);
  const [home] = await db
    .knex('homes')
    .insert({
      clientId: client.id,
      address: '48 Series Lane',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55408',
      hasPets: true,
      petDetails: 'A shy cat',
      parkingNotes: 'Park on the street',
      entryNotesSealed: cipher.seal(ENTRY_NOTES),
    })
    .returning('id');
  // Every 2 weeks at a time 20 hours from now: its 2nd visit is inside the entry notes' window.
  const soon = new Date(Math.ceil((Date.now() + 20 * HOUR) / 1_800_000) * 1_800_000);
  const day = chicagoDate(soon);
  const time = chicagoTime(soon);
  const at = (days: number) => chicagoInstant(addDays(day, days), time);
  const [series] = await db
    .knex('bookingSeries')
    .insert({
      clientId: client.id,
      homeId: home.id,
      serviceType: 'house',
      intervalWeeks: 2,
      anchorDate: addDays(day, -14),
      scheduledTime: time,
      details: {},
      regularProviderId: regular.id,
    })
    .returning('id');
  const seriesVisit = async (days: number, fields: Record<string, unknown>) => {
    const [row] = await db
      .knex('bookings')
      .insert(
        bookingRow(at(days), {
          clientId: client.id,
          homeId: home.id,
          seriesId: series.id,
          seriesDate: addDays(day, days),
          address: '48 Series Lane',
          ...fields,
        }),
      )
      .returning('id');
    return row.id as string;
  };
  const theirs = { providerId: regular.id, assignedAt: new Date() };
  visit.done = await seriesVisit(-14, {
    ...theirs,
    clockInAt: at(-14),
    clockOutAt: new Date(at(-14).getTime() + 2 * HOUR),
  });
  visit.soon = await seriesVisit(0, theirs);
  visit.later = await seriesVisit(14, theirs);
  // The 4th went to the board: its regular provider's week did not cover it.
  visit.open = await seriesVisit(28, {});
  const [oneTime] = await db
    .knex('bookings')
    .insert(bookingRow(new Date(Date.now() + 30 * HOUR), theirs))
    .returning('id');
  visit.oneTime = oneTime.id;
});

const caller = (who: { email: string }) => signedInJson<unknown>(api.url, who.email);

describe('series visits on job cards', () => {
  it("show the series' rhythm and the visit's number on the dashboard's jobs and the job page", async () => {
    const call = await caller(regular);
    const jobs = (await call('GET', '/api/provider/jobs')).json as Card[];
    const byId = new Map(jobs.map((job) => [job.id, job]));
    expect(byId.get(visit.done)?.series?.label).toBe('Every 2 weeks · 1st visit');
    expect(byId.get(visit.soon)?.series).toMatchObject({
      frequency: 'biweekly',
      visitNumber: 2,
      label: 'Every 2 weeks · 2nd visit',
    });
    expect(byId.get(visit.later)?.series?.label).toBe('Every 2 weeks · 3rd visit');
    expect(byId.get(visit.oneTime)?.series).toBeNull();
    const page = await call('GET', `/api/provider/jobs/${visit.soon}`);
    expect((page.json as Card).series?.label).toBe('Every 2 weeks · 2nd visit');
  });

  it('carry the series on the board (the app marks such cards "Regular client"), and no home notes', async () => {
    // No availability set: the board shows every open job to this provider.
    const board = await (await caller(other))('GET', '/api/provider/job-board');
    expect(board.status).toBe(200);
    const card = (board.json as Card[]).find((job) => job.id === visit.open);
    expect(card?.series?.label).toBe('Every 2 weeks · 4th visit');
    const text = JSON.stringify(board.json);
    expect(text).not.toContain('Lockbox 4321');
    expect(text).not.toContain('Park on the street');
    expect(text).not.toContain('A shy cat');
  });
});

describe('GET /api/provider/jobs/:id/home', () => {
  it("answers the assigned provider the home's notes, the entry notes inside 24 hours", async () => {
    const answer = await (await caller(regular))('GET', `/api/provider/jobs/${visit.soon}/home`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      hasPets: true,
      petDetails: 'A shy cat',
      parkingNotes: 'Park on the street',
      entryNotes: ENTRY_NOTES,
    });
  });

  it('holds the entry notes back two weeks ahead, saying when they open', async () => {
    const answer = await (await caller(regular))('GET', `/api/provider/jobs/${visit.later}/home`);
    expect(answer.status).toBe(200);
    const notes = answer.json as { entryNotes: string | null; entryNotesFrom: string | null };
    expect(notes.entryNotes).toBeNull();
    const start = (await db.knex('bookings').where({ id: visit.later }).first()).scheduledAt;
    expect(new Date(notes.entryNotesFrom as string).getTime()).toBe(start.getTime() - 24 * HOUR);
    expect(JSON.stringify(answer.json)).not.toContain('Lockbox 4321');
  });

  it('holds them back once the visit is done', async () => {
    const answer = await (await caller(regular))('GET', `/api/provider/jobs/${visit.done}/home`);
    expect((answer.json as { entryNotes: string | null }).entryNotes).toBeNull();
  });

  it('is not found for another provider, and for a job on the board', async () => {
    const stranger = await caller(other);
    const theirs = await stranger('GET', `/api/provider/jobs/${visit.soon}/home`);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.json)).not.toContain('Lockbox 4321');
    expect((await stranger('GET', `/api/provider/jobs/${visit.open}/home`)).status).toBe(404);
    const open = await (await caller(regular))('GET', `/api/provider/jobs/${visit.open}/home`);
    expect(open.status).toBe(404);
  });
});
