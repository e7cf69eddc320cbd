import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Storage } from '../adapters/storage/storage';
import { ratingTokens } from '../modules/ratings/tokens';
import { reportTokens } from '../modules/visit-report/tokens';
import { bookingRow } from './fixtures';
import { REAL_JPEG, REAL_PNG } from './report-photos';

const HOUR = 3_600_000;

/** A stored photo of a visit. */
async function photo(
  db: Knex,
  storage: Storage,
  bookingId: string,
  uploadedBy: string,
  photoType: 'before' | 'after',
  jpeg: boolean,
) {
  const id = randomUUID();
  const bytes = jpeg ? REAL_JPEG : REAL_PNG;
  const storageKey = `${bookingId}/${id}.${jpeg ? 'jpg' : 'png'}`;
  await storage.put(storageKey, bytes);
  await db('photos').insert({
    id,
    clientPhotoId: randomUUID(),
    bookingId,
    uploadedBy,
    photoType,
    storageKey,
    mimeType: jpeg ? 'image/jpeg' : 'image/png',
    sizeBytes: bytes.length,
  });
  return id;
}

/**
 * The visit reports' resources for the access-matrix and fuzz tests: clientA's visit done by
 * providerA an hour ago, with before and after photos (its id, address, report link and rating
 * link are the owners' alone); and a guest's finished visit with a photo, whose report link shows
 * it to whoever holds the link (so it carries no secret).
 */
export async function visitReportWorld(
  db: Knex,
  storage: Storage,
  secret: string,
  people: { clientA: { id: string }; providerA: { id: string } },
) {
  const done = (overrides: Record<string, unknown>) =>
    bookingRow(new Date(Date.now() - 3 * HOUR), {
      providerId: people.providerA.id,
      assignedAt: new Date(Date.now() - 4 * HOUR),
      clockInAt: new Date(Date.now() - 3 * HOUR),
      clockOutAt: new Date(Date.now() - HOUR),
      ...overrides,
    });
  const [own] = await db('bookings')
    .insert(
      done({
        clientId: people.clientA.id,
        clientEmail: `vr${secret}@example.com`,
        address: `vr${secret} Lake St`,
      }),
    )
    .returning('id');
  await photo(db, storage, own.id, people.providerA.id, 'before', true);
  await photo(db, storage, own.id, people.providerA.id, 'after', false);
  const [guest] = await db('bookings')
    .insert(done({ clientFirstName: 'Gale' }))
    .returning('id');
  const guestPhoto = await photo(db, storage, guest.id, people.providerA.id, 'before', true);
  const tokens = await reportTokens(db);
  return {
    visitReport: { visit: own.id as string, token: tokens(guest.id), photo: guestPhoto },
    visitReportSecrets: [
      own.id as string,
      `vr${secret}`,
      tokens(own.id),
      (await ratingTokens(db))(own.id),
    ],
  };
}
