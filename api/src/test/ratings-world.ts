import type { Knex } from 'knex';
import { ratingTokens } from '../modules/ratings/tokens';
import { bookingRow } from './fixtures';

const HOUR = 3_600_000;

/**
 * The ratings' resources for the access-matrix and fuzz tests: clientA's visit done by providerA
 * an hour ago and not rated yet (`ratableVisit`, carrying the world's secret); a guest's finished
 * visit and its rating link (a link shows its visit to whoever holds it, so no secret); and a
 * rating of providerA's for the admins to hide and show.
 */
export async function ratingsWorld(
  db: Knex,
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
  const [ratable] = await db('bookings')
    .insert(
      done({
        clientId: people.clientA.id,
        clientEmail: `v${secret}@example.com`,
        address: `v${secret} Lake St`,
      }),
    )
    .returning('id');
  const [guest] = await db('bookings')
    .insert(done({ clientFirstName: 'Gale' }))
    .returning('id');
  const [rated] = await db('bookings')
    .insert(done({ clientId: people.clientA.id }))
    .returning('id');
  const [rating] = await db('ratings')
    .insert({
      bookingId: rated.id,
      providerId: people.providerA.id,
      clientId: people.clientA.id,
      stars: 2,
      comment: `Rude and late r${secret}`,
    })
    .returning('id');
  return {
    ratableVisit: ratable.id as string,
    ratingToken: (await ratingTokens(db))(guest.id),
    rating: rating.id as string,
    ratingSecrets: [ratable.id as string, `r${secret}`],
  };
}
