import path from 'node:path';
import type { Config } from '../../config';
import { localDiskStorage } from './local-disk';
import { s3Storage } from './s3';

/**
 * Where photo bytes live: local disk by default, an S3-compatible bucket when configured.
 * Every driver refuses unsafe keys by one rule (key.ts) and passes one contract suite
 * (storage-contract.ts). A store that cannot answer now throws StorageUnavailableError
 * (unavailable.ts), which asks the caller to try again.
 */
export type Storage = {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when no object has that key; any other failure throws. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a key; one that is not there is fine. */
  delete(key: string): Promise<void>;
};

export type StorageConfig = Pick<
  Config,
  'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/** S3 when S3_BUCKET is set, else local disk under `<dataDir>/uploads`. */
export function createStorage(config: StorageConfig, dataDir: string): Storage {
  const bucket = config.S3_BUCKET;
  if (!bucket) return localDiskStorage(path.join(dataDir, 'uploads'));
  const accessKeyId = config.S3_ACCESS_KEY_ID;
  const secretAccessKey = config.S3_SECRET_ACCESS_KEY;
  // loadConfig refuses a bucket without keys; a config built some other way must not half-work.
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return s3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket,
    region: config.S3_REGION,
    accessKeyId,
    secretAccessKey,
  });
}
