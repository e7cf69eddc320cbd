import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkStorageKey } from './key';
import type { Storage } from './storage';

// What S3 calls "no such key" on disk: nothing there, or a folder where a key names a file
// (`a` when `a/b` exists), or a file where a key needs a folder (`a/b` when `a` is a file).
const NO_OBJECT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ERR_FS_EISDIR']);
const isNoObject = (error: unknown) => NO_OBJECT.has((error as NodeJS.ErrnoException).code ?? '');

/** Objects as files under `root`, a key's slashes as folders. */
export function localDiskStorage(root: string): Storage {
  const file = (key: string) => path.join(root, checkStorageKey(key));
  return {
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if (isNoObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await rm(file(key), { force: true });
      } catch (error) {
        if (!isNoObject(error)) throw error;
      }
    },
  };
}
