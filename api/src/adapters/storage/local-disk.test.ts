import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk';
import { describeStorageContract } from './storage-contract';

// A folder inside a folder of its own, so a key that escaped would land where we can see it.
let outer = '';
let root = '';
beforeAll(async () => {
  outer = await mkdtemp(path.join(os.tmpdir(), 'twinclean-local-disk-'));
  root = path.join(outer, 'uploads');
});
afterAll(() => rm(outer, { recursive: true, force: true }));

describeStorageContract('local disk', () => localDiskStorage(root));

describe('local disk storage', () => {
  it('keeps a key as a file under its folder, and nothing escapes it', async () => {
    const storage = localDiskStorage(root);
    await storage.put('job-1/photo.png', Buffer.from('png'));
    expect(await readFile(path.join(root, 'job-1', 'photo.png'), 'utf8')).toBe('png');
    await expect(storage.put('../escaped.png', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
    await expect(storage.put('job-1/../../escaped.png', Buffer.from('x'))).rejects.toThrow(
      /Unsafe/,
    );
    expect(await readdir(outer)).toEqual(['uploads']);
  });
});
