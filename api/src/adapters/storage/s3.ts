import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkStorageKey } from './key';
import type { Storage } from './storage';
import { guardUnavailable } from './unavailable';

export type S3StorageOptions = {
  /** An S3-compatible server (Garage, SeaweedFS, MinIO…); absent means AWS's own endpoint. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

// The SDK warns that its 2027 releases will need Node 22; AWS documents this variable to turn
// that one warning off (aws/aws-sdk-js-v3#7983). It is read while a client is built, so it is
// set just for that, and an operator's own value is left alone.
const NODE_WARNING = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';
function withoutNodeVersionWarning<T>(build: () => T): T {
  if (process.env[NODE_WARNING] !== undefined) return build();
  process.env[NODE_WARNING] = 'true';
  try {
    return build();
  } finally {
    delete process.env[NODE_WARNING];
  }
}

/**
 * A missing object, as S3 and the servers that copy it answer a GET for one. A missing bucket
 * is a 404 too, but that is a broken setup: it must fail loudly, not look like a missing photo.
 */
const isNoSuchKey = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'));

// How Node reports a store it cannot reach, or one that went away mid-request.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * A store that cannot answer now (the SDK has already retried): unreachable, too slow (the
 * client's timeouts below), or failing on its side (5xx, S3's 503 SlowDown). A 4xx (wrong keys,
 * no bucket) is our setup's fault and is left to fail loudly.
 */
function isUnavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$fault === 'server' || (error.$metadata.httpStatusCode ?? 0) >= 500;
  }
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'TimeoutError' || (typeof code === 'string' && UNREACHABLE.has(code));
}

/** A client set up for S3 and the servers that copy it; tests use it to look into a bucket. */
export function s3Client(options: S3StorageOptions): S3Client {
  return withoutNodeVersionWarning(
    () =>
      new S3Client({
        endpoint: options.endpoint,
        region: options.region,
        credentials: {
          accessKeyId: options.accessKeyId,
          secretAccessKey: options.secretAccessKey,
        },
        // Bucket in the path, not the host name: S3-compatible servers rarely have wildcard DNS.
        forcePathStyle: true,
        // The SDK's default CRC32 checksums (since 3.729) are refused by many S3-compatible
        // servers; S3 itself needs them only for a few calls, none of them ours.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A storage server that stops answering fails the upload instead of holding it forever.
        requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
      }),
  );
}

/** Objects in one bucket of S3 or an S3-compatible server, a key's slashes kept as they are. */
export function s3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = s3Client(options);
  const guarded = <T>(work: () => Promise<T>) => guardUnavailable(isUnavailable, work);
  return {
    put: (key, bytes) =>
      guarded(async () => {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: checkStorageKey(key), Body: bytes }),
        );
      }),
    get: (key) =>
      guarded(async () => {
        try {
          const object = await client.send(
            new GetObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }),
          );
          if (!object.Body) throw new Error(`S3 answered ${key} without a body`);
          const bytes = await object.Body.transformToByteArray();
          return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        } catch (error) {
          if (isNoSuchKey(error)) return null;
          throw error;
        }
      }),
    // S3 answers 204 for a key that is not there, so "missing is fine" needs nothing here.
    delete: (key) =>
      guarded(async () => {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
      }),
  };
}
