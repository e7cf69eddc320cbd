import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UnsafeStorageKeyError } from './key';
import type { Storage } from './storage';

/** Each byte value once, with the ones that trip text handling (0, CR, LF, invalid UTF-8). */
const EVERY_BYTE = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const UNSAFE_KEYS = [
  '',
  '/etc/passwd',
  '..',
  '../outside.png',
  'job/../../outside.png',
  'job/..',
  './job.png',
  'job/./photo.png',
  'job//photo.png',
  'job/',
  'job\\..\\photo.png',
  'job/photo\u0000.png',
  `${'k'.repeat(1024)}/photo.png`,
];

/**
 * What every Storage driver promises, run against each (local-disk.test.ts, s3.test.ts).
 * `makeStorage` is called inside the tests, so it may read what a beforeAll set up; each call
 * is a new driver over the same place, as another process would build. Every test writes under
 * a fresh prefix, so the tests share a place without seeing each other.
 */
export function describeStorageContract(name: string, makeStorage: () => Storage) {
  describe(`${name} storage contract`, () => {
    const fresh = () => randomUUID();

    it('gives back exactly the bytes it was given, binary and 5 MB alike', async () => {
      const storage = makeStorage();
      const prefix = fresh();
      const big = randomBytes(5 * 1024 * 1024);
      await storage.put(`${prefix}/every-byte.bin`, EVERY_BYTE);
      await storage.put(`${prefix}/big.jpg`, big);
      await storage.put(`${prefix}/empty.bin`, Buffer.alloc(0));
      expect((await storage.get(`${prefix}/every-byte.bin`))?.equals(EVERY_BYTE)).toBe(true);
      const back = await storage.get(`${prefix}/big.jpg`);
      expect(back?.length).toBe(big.length);
      expect(back?.equals(big)).toBe(true);
      // An empty object is there: not the same as no object.
      expect(await storage.get(`${prefix}/empty.bin`)).toEqual(Buffer.alloc(0));
    });

    it('replaces an object written again, a shorter one leaving nothing of the longer', async () => {
      const storage = makeStorage();
      const key = `${fresh()}/photo.png`;
      await storage.put(key, Buffer.from('the first, longer picture'));
      await storage.put(key, Buffer.from('second'));
      expect((await storage.get(key))?.toString()).toBe('second');
    });

    it('keeps keys with slashes apart, and a key that is only a folder is no object', async () => {
      const storage = makeStorage();
      const prefix = fresh();
      await storage.put(`${prefix}/jobs/1/photo.png`, Buffer.from('one'));
      await storage.put(`${prefix}/jobs/2/photo.png`, Buffer.from('two'));
      await storage.put(`${prefix}/photo.png`, Buffer.from('top'));
      expect((await storage.get(`${prefix}/jobs/1/photo.png`))?.toString()).toBe('one');
      expect((await storage.get(`${prefix}/jobs/2/photo.png`))?.toString()).toBe('two');
      expect((await storage.get(`${prefix}/photo.png`))?.toString()).toBe('top');
      expect(await storage.get(`${prefix}/jobs/1`)).toBeNull();
      expect(await storage.get(`${prefix}/photo.png/under-a-file`)).toBeNull();
      await storage.delete(`${prefix}/jobs`);
      expect((await storage.get(`${prefix}/jobs/1/photo.png`))?.toString()).toBe('one');
    });

    it('answers null for a key never written, in a folder that exists or not', async () => {
      const storage = makeStorage();
      const prefix = fresh();
      expect(await storage.get(`${prefix}/never.png`)).toBeNull();
      await storage.put(`${prefix}/here.png`, Buffer.from('here'));
      expect(await storage.get(`${prefix}/not-here.png`)).toBeNull();
    });

    it('deletes one key, leaving its neighbours, and deleting a missing key is fine', async () => {
      const storage = makeStorage();
      const prefix = fresh();
      await storage.put(`${prefix}/gone.png`, Buffer.from('gone'));
      await storage.put(`${prefix}/kept.png`, Buffer.from('kept'));
      await storage.delete(`${prefix}/gone.png`);
      expect(await storage.get(`${prefix}/gone.png`)).toBeNull();
      expect((await storage.get(`${prefix}/kept.png`))?.toString()).toBe('kept');
      await expect(storage.delete(`${prefix}/gone.png`)).resolves.toBeUndefined();
      await expect(storage.delete(`${fresh()}/never.png`)).resolves.toBeUndefined();
    });

    it('refuses unsafe keys for every call, and takes odd but safe ones', async () => {
      const storage = makeStorage();
      for (const key of UNSAFE_KEYS) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(
          UnsafeStorageKeyError,
        );
        await expect(storage.get(key), key).rejects.toThrow(UnsafeStorageKeyError);
        await expect(storage.delete(key), key).rejects.toThrow(UnsafeStorageKeyError);
      }
      const prefix = fresh();
      for (const key of ['..photo.png', 'photo..png', '.hidden', 'a b/ü 写真.png', 'x/...']) {
        await storage.put(`${prefix}/${key}`, Buffer.from(key));
        expect((await storage.get(`${prefix}/${key}`))?.toString(), key).toBe(key);
      }
    });

    it('stores many keys written at once, each readable with its own bytes', async () => {
      const storage = makeStorage();
      const prefix = fresh();
      const objects = Array.from({ length: 40 }, (_, i) => ({
        key: `${prefix}/${i % 4}/${i}.bin`,
        bytes: randomBytes(1024 + i * 997),
      }));
      await Promise.all(objects.map((o) => storage.put(o.key, o.bytes)));
      const back = await Promise.all(objects.map((o) => storage.get(o.key)));
      back.forEach((bytes, i) => {
        expect(bytes?.equals(objects[i]?.bytes as Buffer), objects[i]?.key).toBe(true);
      });
    });

    it('shares what it stores with another driver over the same place', async () => {
      const first = makeStorage();
      const second = makeStorage();
      const key = `${fresh()}/shared.png`;
      await first.put(key, EVERY_BYTE);
      expect((await second.get(key))?.equals(EVERY_BYTE)).toBe(true);
      await second.delete(key);
      expect(await first.get(key)).toBeNull();
    });
  });
}
