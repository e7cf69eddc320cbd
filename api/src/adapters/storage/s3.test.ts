import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { s3StandInKeys, s3StandInOptions, useS3StandIn } from '../../test/s3-stand-in';
import { s3Storage } from './s3';
import { createStorage } from './storage';
import { describeStorageContract } from './storage-contract';
import { StorageUnavailableError } from './unavailable';

const standIn = useS3StandIn();

describeStorageContract('S3', () => s3Storage(s3StandInOptions(standIn)));

describe('S3 storage', () => {
  it('stores a key as it is, slashes and all, and is what createStorage picks for a bucket', async () => {
    const storage = createStorage(
      {
        S3_ENDPOINT: standIn.endpoint,
        S3_BUCKET: standIn.bucket,
        S3_REGION: standIn.region,
        S3_ACCESS_KEY_ID: standIn.accessKeyId,
        S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
      },
      '/nonexistent-data-dir',
    );
    await storage.put('as-is/job 1/photo.png', Buffer.from('png'));
    expect(await s3StandInKeys(standIn, 'as-is/')).toEqual(['as-is/job 1/photo.png']);
  });

  it('fails, never answers "missing", when the credentials are wrong', async () => {
    const right = s3Storage(s3StandInOptions(standIn));
    await right.put('creds/photo.png', Buffer.from('png'));
    for (const wrong of [
      { ...s3StandInOptions(standIn), secretAccessKey: 'not-the-secret' },
      { ...s3StandInOptions(standIn), accessKeyId: 'NOBODY' },
    ]) {
      const storage = s3Storage(wrong);
      await expect(storage.get('creds/photo.png')).rejects.toThrow();
      await expect(storage.get('creds/never.png')).rejects.toThrow();
      await expect(storage.put('creds/other.png', Buffer.from('x'))).rejects.toThrow();
      await expect(storage.delete('creds/photo.png')).rejects.toThrow();
    }
    expect(await s3StandInKeys(standIn, 'creds/')).toEqual(['creds/photo.png']);
  });

  it('says "try again", never "missing", when the server cannot be reached', async () => {
    const storage = s3Storage({
      ...s3StandInOptions(standIn),
      endpoint: `http://127.0.0.1:${await freePort()}`,
    });
    for (const call of [
      () => storage.get('any/photo.png'),
      () => storage.put('any/photo.png', Buffer.from('x')),
      () => storage.delete('any/photo.png'),
    ]) {
      await expect(call()).rejects.toThrow(StorageUnavailableError);
    }
  });

  it('says "try again" when the store fails on its side, and not when our setup is wrong', async () => {
    // An S3-compatible server having a bad day: every request answered as S3 does a 500 or 503.
    const failing = http.createServer((req, res) => {
      req.resume();
      const status = req.method === 'PUT' ? 503 : 500;
      res.writeHead(status, { 'Content-Type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${status === 503 ? 'SlowDown' : 'InternalError'}</Code><Message>down</Message></Error>`,
      );
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const storage = s3Storage({
        ...s3StandInOptions(standIn),
        endpoint: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`,
      });
      const refused = await storage.put('any/photo.png', Buffer.from('x')).catch((e) => e);
      expect(refused).toBeInstanceOf(StorageUnavailableError);
      expect(refused).toMatchObject({
        status: 503,
        code: 'storage_unavailable',
        details: { retryAfterSeconds: 5 },
      });
      await expect(storage.get('any/photo.png')).rejects.toThrow(StorageUnavailableError);
    } finally {
      await new Promise((resolve) => failing.close(resolve));
    }
    const wrongKeys = s3Storage({ ...s3StandInOptions(standIn), secretAccessKey: 'not-it' });
    const refused = await wrongKeys.put('any/photo.png', Buffer.from('x')).catch((e) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(StorageUnavailableError);
  });

  it('fails, never answers "missing", when the bucket does not exist', async () => {
    const storage = s3Storage({ ...s3StandInOptions(standIn), bucket: 'no-such-bucket' });
    await expect(storage.get('any/photo.png')).rejects.toThrow(/bucket/i);
    await expect(storage.put('any/photo.png', Buffer.from('x'))).rejects.toThrow();
  });
});
