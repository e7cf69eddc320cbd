import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { storedSecret } from '../db/stored-secret';

// Private things clients write for one provider's eyes (a home's entry notes: door codes, alarm
// codes, where the key is) are sealed with AES-256-GCM under the application's data key: DATA_KEY
// (32 bytes, base64) when set, else one generated on first use and kept in app_secrets like the
// session keys, so every process shares it. A database dump alone reads none of them.

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const DATA_KEY_BYTES = 32;

/** The key DATA_KEY names, or null when it is not 32 bytes of base64. */
export function parseDataKey(text: string): Buffer | null {
  const key = Buffer.from(text, 'base64');
  return key.length === DATA_KEY_BYTES ? key : null;
}

export type DataCipher = {
  seal(plain: string): string;
  /** The text, or throws when the sealed text was altered or sealed under another key. */
  open(sealed: string): string;
};

export function dataCipherFromKey(key: Buffer): DataCipher {
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

const ciphers = new WeakMap<Knex, Promise<DataCipher>>();

/** The app's cipher: DATA_KEY (checked at startup by config.ts), else the stored key. */
export function dataCipher(db: Knex, configured = process.env.DATA_KEY): Promise<DataCipher> {
  if (configured) {
    const key = parseDataKey(configured);
    if (!key) throw new Error('DATA_KEY must be 32 bytes, base64-encoded');
    return Promise.resolve(dataCipherFromKey(key));
  }
  let cipher = ciphers.get(db);
  if (!cipher) {
    cipher = storedSecret(db, 'data_key', () =>
      randomBytes(DATA_KEY_BYTES).toString('base64'),
    ).then((value) => dataCipherFromKey(parseDataKey(String(value)) as Buffer));
    // A failed read (database down) is not remembered: the next call tries again.
    cipher.catch(() => ciphers.delete(db));
    ciphers.set(db, cipher);
  }
  return cipher;
}
