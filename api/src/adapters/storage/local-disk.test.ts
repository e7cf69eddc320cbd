import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk';
import { describeStorageContract } from './storage-contract';
import { StorageUnavailableError } from './unavailable';

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

describe('local disk storage when the disk fails', () => {
  it('says "try again" when the disk is full, and is loud when it may not write', async () => {
    const storage = localDiskStorage(root);
    // /dev/full answers every write with ENOSPC: a full disk, for real, under one key.
    await mkdir(path.join(root, 'full'), { recursive: true });
    await symlink('/dev/full', path.join(root, 'full', 'photo.png'));
    const full = await storage.put('full/photo.png', Buffer.from('png')).catch((e) => e);
    expect(full).toBeInstanceOf(StorageUnavailableError);
    expect(full).toMatchObject({ status: 503, code: 'storage_unavailable' });
    expect(full.cause).toMatchObject({ code: 'ENOSPC' });
    // A folder where a file must go is a broken setup (or a bad key), not "not now".
    await mkdir(path.join(root, 'taken', 'photo.png'), { recursive: true });
    const wrong = await storage.put('taken/photo.png', Buffer.from('png')).catch((e) => e);
    expect(wrong).toBeInstanceOf(Error);
    expect(wrong).not.toBeInstanceOf(StorageUnavailableError);
  });
});
