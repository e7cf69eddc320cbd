import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { dataCipher, dataCipherFromKey, parseDataKey } from './data-cipher';

describe('the data cipher', () => {
  const cipher = dataCipherFromKey(randomBytes(32));

  it('seals text that opens again, differently each time, with none of it readable', () => {
    const note = 'Lockbox 4821, alarm 1357#, key under the blue pot';
    const once = cipher.seal(note);
    const twice = cipher.seal(note);
    expect(once).not.toBe(twice);
    expect(once.startsWith('v1:')).toBe(true);
    for (const word of ['4821', '1357', 'blue pot', 'Lockbox']) expect(once).not.toContain(word);
    expect(cipher.open(once)).toBe(note);
    expect(cipher.open(twice)).toBe(note);
  });

  it('refuses altered text and text sealed under another key', () => {
    const sealed = cipher.seal('door code 2468');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] as number) ^ 1;
    expect(() => cipher.open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => dataCipherFromKey(randomBytes(32)).open(sealed)).toThrow();
    expect(() => cipher.open('door code 2468')).toThrow();
  });

  it('takes only a 32-byte base64 DATA_KEY', () => {
    expect(parseDataKey(randomBytes(32).toString('base64'))).not.toBeNull();
    expect(parseDataKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseDataKey('not a key')).toBeNull();
  });
});

describe('the stored data key', () => {
  const db = useTestDatabase();

  it('is made once and shared: what one process seals, another opens', async () => {
    const first = await dataCipher(db.knex, '');
    const sealed = first.seal('gate code 9090');
    const [row] = await db.knex('app_secrets').where({ key: 'data_key' });
    expect(parseDataKey(String(row.value))).not.toBeNull();
    // Another process: the same key read from the table.
    const other = dataCipherFromKey(parseDataKey(String(row.value)) as Buffer);
    expect(other.open(sealed)).toBe('gate code 9090');
  });

  it('uses DATA_KEY when it is set', async () => {
    const key = randomBytes(32);
    const configured = await dataCipher(db.knex, key.toString('base64'));
    expect(dataCipherFromKey(key).open(configured.seal('alarm 0000'))).toBe('alarm 0000');
  });
});
