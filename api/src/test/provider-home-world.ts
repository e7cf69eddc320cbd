import type { Knex } from 'knex';
import { dataCipher } from '../security/data-cipher';
import { bookingRow } from './fixtures';

const HOUR = 3_600_000;

/**
 * A home of clientA's with entry notes, and a visit to it assigned to providerA three hours from
 * now (inside the 24 h window), for GET /api/provider/jobs/:id/home in the access-matrix and fuzz
 * tests. The notes carry the world's secret: only providerA may ever read them.
 */
export async function providerHomeWorld(
  db: Knex,
  secret: string,
  people: { clientA: { id: string }; providerA: { id: string } },
) {
  const entryNotes = `Lockbox code h${secret}`;
  const cipher = await dataCipher(db);
  const [home] = await db('homes')
    .insert({
      clientId: people.clientA.id,
      label: 'Matrix home',
      address: `h${secret} Lyndale Ave`,
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55408',
      parkingNotes: 'Park in the driveway',
      entryNotesSealed: cipher.seal(entryNotes),
    })
    .returning('id');
  const [visit] = await db('bookings')
    .insert(
      bookingRow(new Date(Date.now() + 3 * HOUR), {
        clientId: people.clientA.id,
        providerId: people.providerA.id,
        assignedAt: new Date(),
        homeId: home.id,
        clientEmail: `h${secret}@example.com`,
        address: `h${secret} Lyndale Ave`,
      }),
    )
    .returning('id');
  return {
    homeVisit: visit.id as string,
    homeVisitSecrets: [visit.id as string, home.id as string, entryNotes],
  };
}
