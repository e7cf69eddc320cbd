import { describe, expect, it } from 'vitest';
import { Home } from '../../models/home';
import { dataCipher } from '../../security/data-cipher';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { visitHomeNotes } from './entry-notes';

const db = useTestDatabase();

const NOTES = 'Key under the blue pot, alarm 2468';
const HOUR = 3_600_000;
const VISIT = new Date('2026-12-10T15:00:00Z');

async function visit(overrides: Record<string, unknown> = {}) {
  const client = await newUser(db.knex);
  const provider = await newUser(db.knex, 'provider');
  const cipher = await dataCipher(db.knex);
  const home = await Home.query(db.knex).insert({
    clientId: client.id,
    address: '3348 Hennepin Ave',
    city: 'Minneapolis',
    state: 'MN',
    zipCode: '55408',
    parkingNotes: 'Alley',
    hasPets: true,
    petDetails: 'A calm dog',
    entryNotesSealed: cipher.seal(NOTES),
  });
  const [booking] = await db
    .knex('bookings')
    .insert(
      bookingRow(VISIT, {
        clientId: client.id,
        homeId: home.id,
        providerId: provider.id,
        assignedAt: new Date(),
        ...overrides,
      }),
    )
    .returning('id');
  return { booking: booking as { id: string }, provider, home };
}

const reveals = (bookingId: string) =>
  db.knex('audit_log').where({ action: 'home.entry_notes_reveal', entityId: bookingId });

describe('visitHomeNotes', () => {
  it('shows the assigned provider the notes inside the 24 hours, audited per reveal', async () => {
    const { booking, provider, home } = await visit();
    const now = new Date(VISIT.getTime() - 23 * HOUR);
    const notes = await visitHomeNotes(db.knex, provider.id, booking.id, now);
    expect(notes).toEqual({
      hasPets: true,
      petDetails: 'A calm dog',
      parkingNotes: 'Alley',
      entryNotes: NOTES,
      entryNotesFrom: new Date(VISIT.getTime() - 24 * HOUR).toISOString(),
    });
    const logged = await reveals(booking.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: provider.id, entity: 'booking' });
    expect(JSON.stringify(logged[0])).not.toContain('blue pot');
    expect(logged[0].after).toEqual({ homeId: home.id });
    await visitHomeNotes(db.knex, provider.id, booking.id, now);
    expect(await reveals(booking.id)).toHaveLength(2);
  });

  it('keeps the notes back before the window, and after clock-out, cancel or a day past the start', async () => {
    const early = await visit();
    const before = new Date(VISIT.getTime() - 24 * HOUR - 60_000);
    const notes = await visitHomeNotes(db.knex, early.provider.id, early.booking.id, before);
    expect(notes).toMatchObject({ entryNotes: null, parkingNotes: 'Alley', hasPets: true });
    expect(notes?.entryNotesFrom).toBe(new Date(VISIT.getTime() - 24 * HOUR).toISOString());

    const during = new Date(VISIT.getTime() + HOUR);
    const done = await visit({
      clockInAt: VISIT,
      clockOutAt: new Date(VISIT.getTime() + 30 * 60_000),
    });
    expect(await visitHomeNotes(db.knex, done.provider.id, done.booking.id, during)).toMatchObject({
      entryNotes: null,
      entryNotesFrom: null,
    });
    const canceled = await visit({ canceledAt: new Date(), cancellationReason: 'Plans changed' });
    expect(
      await visitHomeNotes(db.knex, canceled.provider.id, canceled.booking.id, during),
    ).toMatchObject({ entryNotes: null });
    // Never clocked out (a no-show, a forgotten punch): a day after its start the door is shut.
    const forgotten = await visit({ clockInAt: VISIT });
    const nearEnd = new Date(VISIT.getTime() + 24 * HOUR - 60_000);
    const dayAfter = new Date(VISIT.getTime() + 24 * HOUR);
    expect(
      await visitHomeNotes(db.knex, forgotten.provider.id, forgotten.booking.id, nearEnd),
    ).toMatchObject({ entryNotes: NOTES });
    expect(
      await visitHomeNotes(db.knex, forgotten.provider.id, forgotten.booking.id, dayAfter),
    ).toMatchObject({ entryNotes: null });
    expect(await reveals(forgotten.booking.id)).toHaveLength(1);
    for (const b of [early, done, canceled]) expect(await reveals(b.booking.id)).toHaveLength(0);
  });

  it("answers null for another provider's visit and an unassigned one", async () => {
    const { booking } = await visit();
    const stranger = await newUser(db.knex, 'provider');
    const now = new Date(VISIT.getTime() - HOUR);
    expect(await visitHomeNotes(db.knex, stranger.id, booking.id, now)).toBeNull();
    const open = await visit({ providerId: null, assignedAt: null });
    expect(await visitHomeNotes(db.knex, stranger.id, open.booking.id, now)).toBeNull();
    expect(await reveals(booking.id)).toHaveLength(0);
    expect(await reveals(open.booking.id)).toHaveLength(0);
  });
});
