import type { Knex } from 'knex';
import { dataCipher } from '../security/data-cipher';

/**
 * A saved home of clientA's with entry notes, for the homes routes in the access-matrix and fuzz
 * tests. Its notes and address carry the world's secret: only clientA may ever read them.
 */
export async function homesWorld(db: Knex, secret: string, people: { clientA: { id: string } }) {
  const entryNotes = `Door code k${secret}`;
  const cipher = await dataCipher(db);
  const [home] = await db('homes')
    .insert({
      clientId: people.clientA.id,
      label: 'Cabin',
      address: `k${secret} Nicollet Ave`,
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55408',
      parkingNotes: `Alley k${secret}`,
      entryNotesSealed: cipher.seal(entryNotes),
    })
    .returning('id');
  return { home: home.id as string, homeSecrets: [home.id as string, entryNotes, `k${secret}`] };
}
