import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { storedSecret } from '../../db/stored-secret';

// A subscriber's unsubscribe token is their id and its HMAC under a key of the app's own: the
// same link works in every newsletter they ever get, nothing secret is stored per subscriber,
// and a token cannot be made for someone else's id without the key.

const KEY_NAME = 'newsletter_unsubscribe_key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (key: string, subscriberId: string) =>
  createHmac('sha256', key).update(`unsubscribe:${subscriberId}`).digest('base64url');

/** The key, made on first use (the first newsletter sent). */
async function signingKey(db: Knex): Promise<string> {
  return String(await storedSecret(db, KEY_NAME, () => randomBytes(32).toString('base64url')));
}

/** Makes subscribers' link tokens (the key read once for a whole mailing). */
export async function unsubscribeTokens(db: Knex): Promise<(subscriberId: string) => string> {
  const key = await signingKey(db);
  return (subscriberId) => `${subscriberId}.${mac(key, subscriberId)}`;
}

/**
 * The subscriber a token names, or null when it is not one of ours. Reads the key without
 * making one: before any newsletter went out no token is valid, and a refused request writes
 * nothing.
 */
export async function subscriberOfToken(db: Knex, token: string): Promise<string | null> {
  const [id, given] = token.split('.');
  if (!id || !given || !UUID.test(id)) return null;
  const row = await db('app_secrets').first('value').where({ key: KEY_NAME });
  if (!row) return null;
  const expected = Buffer.from(mac(String(row.value), id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}
