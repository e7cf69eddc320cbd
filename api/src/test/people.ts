import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { DEMO_PASSWORD } from '../../db/seeds/demo-accounts';
import { hashPassword } from '../modules/auth/passwords';
import { signedInJson } from './sign-in';

let hash: Promise<string> | undefined;

/** A new verified user of `role` who signs in with the demo password; one hash for the file. */
export async function newUser(
  db: Knex,
  role: 'client' | 'provider' = 'client',
  fields: Record<string, unknown> = {},
): Promise<{ id: string; email: string }> {
  hash ??= hashPassword(DEMO_PASSWORD);
  const email = `${role}-${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await db('users')
    .insert({
      email,
      firstName: role === 'client' ? 'Cora' : 'Pia',
      lastName: 'Tester',
      role,
      passwordHash: await hash,
      emailVerifiedAt: new Date(),
      ...fields,
    })
    .returning('id');
  return { id: user.id, email };
}

/** A new client, signed in: their id and a JSON caller. */
export async function signedInClient(db: Knex, baseUrl: string) {
  const user = await newUser(db, 'client');
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and parse what matters
  return { ...user, call: await signedInJson<any>(baseUrl, user.email) };
}
