import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { type S3StorageOptions, s3Client, s3Storage } from '../adapters/storage/s3';
import type { Storage } from '../adapters/storage/storage';

export type S3StandIn = {
  /** http://127.0.0.1:<port>, for path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An outage: the server stops listening; its objects stay on disk. */
  stop(): Promise<void>;
  /** Back from an outage: on the same port, with the same objects. */
  restart(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real S3 API (s3rver) on a free local port, in this process, its objects in a fresh temp
 * folder and its one bucket already made: the S3 driver talks HTTP and signs requests exactly
 * as it would to Garage or AWS. s3rver checks signatures against its one built-in key pair.
 */
export async function startS3StandIn(options: { bucket?: string } = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'twinclean-photos';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'twinclean-s3-'));
  const serve = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { server, port: (await server.run()).port };
  };
  try {
    let running: Awaited<ReturnType<typeof serve>> | null = await serve(0);
    const { port } = running;
    const stop = async () => {
      await running?.server.close();
      running = null;
    };
    return {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      stop,
      restart: async () => {
        running ??= await serve(port);
      },
      close: async () => {
        await stop();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

/** The stand-in as the app's environment names it, e.g. for a child process's `env`. */
export const s3StandInEnv = (standIn: S3StandIn) => ({
  S3_ENDPOINT: standIn.endpoint,
  S3_BUCKET: standIn.bucket,
  S3_REGION: standIn.region,
  S3_ACCESS_KEY_ID: standIn.accessKeyId,
  S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
});

/** The driver's options for the stand-in. */
export const s3StandInOptions = (standIn: S3StandIn): S3StorageOptions => ({
  endpoint: standIn.endpoint,
  bucket: standIn.bucket,
  region: standIn.region,
  accessKeyId: standIn.accessKeyId,
  secretAccessKey: standIn.secretAccessKey,
});

/** A new S3 driver for the stand-in: each call is another client, as another process has. */
export const s3StandInStorage = (standIn: S3StandIn): Storage =>
  s3Storage(s3StandInOptions(standIn));

/** Every key in the stand-in's bucket under `prefix`, sorted: what a test sees is what is stored. */
export async function s3StandInKeys(standIn: S3StandIn, prefix = ''): Promise<string[]> {
  const client = s3Client(s3StandInOptions(standIn));
  // This SDK asks for a bucket as `/<bucket>/?list-type=2` and signs that path; s3rver checks
  // the signature against `/<bucket>` and refuses it. Object calls (all the app makes) are not
  // affected, so only this listing drops the slash before the request is signed.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${standIn.bucket}/`) request.path = `/${standIn.bucket}`;
      return next(args);
    },
    { step: 'build', name: 's3rverBucketPath' },
  );
  const keys: string[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: standIn.bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return keys.sort();
}

/** A stand-in for the test file: started before its tests, closed after; read fields at use. */
export function useS3StandIn(): S3StandIn {
  const handle: S3StandIn = {
    endpoint: '',
    bucket: '',
    region: '',
    accessKeyId: '',
    secretAccessKey: '',
    stop: async () => {},
    restart: async () => {},
    close: async () => {},
  };
  beforeAll(async () => {
    Object.assign(handle, await startS3StandIn());
  });
  afterAll(() => handle.close());
  return handle;
}
