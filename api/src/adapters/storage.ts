import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where photo bytes live: local disk by default, S3-compatible in production later. */
export type Storage = {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Removes a key; one that is not there is fine. */
  delete(key: string): Promise<void>;
};

export function localDiskStorage(root: string): Storage {
  const file = (key: string) => {
    // Keys are ours (uuid-based), but never let one climb out of the folder.
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep))
      throw new Error(`Bad storage key ${key}`);
    return resolved;
  };
  return {
    async put(key, bytes) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), bytes);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}
