import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * clientA's texts for visit updates: a mobile number of the world's own (only clientA and the
 * admins may ever see it) and texts on, so On My Way of the world's readyJob (clientA's, assigned
 * to providerA) queues a text too.
 */
export async function visitUpdatesWorld(db: Knex, people: { clientA: { id: string } }) {
  const phone = `+1612555${String(randomInt(2000, 10_000)).padStart(4, '0')}`;
  await db('users')
    .where({ id: people.clientA.id })
    .update({ phone, notifyByText: true, notifyByEmail: true });
  return { visitUpdateSecrets: [phone] };
}
