import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkStorageKey } from './key';
import type { Storage } from './storage';
import { guardUnavailable } from './unavailable';

// What S3 calls "no such key" on disk: nothing there, or a folder where a key names a file
// (`a` when `a/b` exists), or a file where a key needs a folder (`a/b` when `a` is a file).
const NO_OBJECT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ERR_FS_EISDIR']);
const isNoObject = (error: unknown) => NO_OBJECT.has((error as NodeJS.ErrnoException).code ?? '');

// A disk that is full, failing or out of file handles may be fine in a moment (space freed, the
// volume back, load gone): "try again", as S3 being down is. A permission error is a broken
// setup and fails loudly.
const NOT_NOW = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EMFILE', 'ENFILE', 'EAGAIN', 'EBUSY']);
const isUnavailable = (error: unknown) => NOT_NOW.has((error as NodeJS.ErrnoException).code ?? '');

/** Objects as files under `root`, a key's slashes as folders. */
export function localDiskStorage(root: string): Storage {
  const file = (key: string) => path.join(root, checkStorageKey(key));
  const guarded = <T>(work: () => Promise<T>) => guardUnavailable(isUnavailable, work);
  return {
    put: (key, bytes) =>
      guarded(async () => {
        const target = file(key);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, bytes);
      }),
    get: (key) =>
      guarded(async () => {
        try {
          return await readFile(file(key));
        } catch (error) {
          if (isNoObject(error)) return null;
          throw error;
        }
      }),
    delete: (key) =>
      guarded(async () => {
        try {
          await rm(file(key), { force: true });
        } catch (error) {
          if (!isNoObject(error)) throw error;
        }
      }),
  };
}
