import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { storedSecret } from '../db/stored-secret';

// A link token that is a row's id and its HMAC under a key of the app's own, one key per purpose
// (newsletter unsubscribe links, rating links): nothing is stored per token, the same link keeps
// working, and a token cannot be made for another id without the key.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `keyName` names the key in app_secrets; `label` keeps one purpose's MACs from another's;
 * `separator` goes between the id and the MAC (neither a uuid nor base64url has a dot).
 */
export function signedIds(keyName: string, label: string, separator = '.') {
  const mac = (key: string, id: string) =>
    createHmac('sha256', key).update(`${label}:${id}`).digest('base64url');
  return {
    /** Makes tokens (the key, made on first use, read once for a whole batch). */
    async tokens(db: Knex): Promise<(id: string) => string> {
      const key = String(
        await storedSecret(db, keyName, () => randomBytes(32).toString('base64url')),
      );
      return (id) => `${id}${separator}${mac(key, id)}`;
    },
    /**
     * The id a token names, or null when it is not one of ours. Reads the key without making
     * one: before the first token went out none is valid, and a refused request writes nothing.
     */
    async idOf(db: Knex, token: string): Promise<string | null> {
      const at = token.indexOf(separator);
      const id = token.slice(0, at);
      const given = token.slice(at + separator.length);
      if (at < 0 || !given || !UUID.test(id)) return null;
      const row = await db('app_secrets').first('value').where({ key: keyName });
      if (!row) return null;
      const expected = Buffer.from(mac(String(row.value), id));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
    },
  };
}
