import { request } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression } from './compression';

let port = 0;
let close = () => {};
const big = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'clean' })),
});

beforeAll(async () => {
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => {
    ctx.type = 'application/json';
    ctx.body = ctx.path === '/small' ? '{"ok":true}' : big;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as { port: number }).port;
  close = () => server.close();
});
afterAll(() => close());

/** A raw request (fetch always asks for gzip): the answer's encoding, Vary and length. */
const get = (path: string, acceptEncoding?: string) =>
  new Promise<{ encoding?: string; vary?: string; bytes: number }>((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request({ port, path, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({
          encoding: res.headers['content-encoding'],
          vary: res.headers.vary,
          bytes,
        }),
      );
    })
      .on('error', reject)
      .end();
  });

describe('compression', () => {
  it('compresses an answer over 1 kB for a client that accepts it', async () => {
    const gzip = await get('/big', 'gzip');
    expect(gzip).toMatchObject({ encoding: 'gzip', vary: 'Accept-Encoding' });
    expect(gzip.bytes).toBeLessThan(big.length / 4);
    expect(await get('/big', 'br, gzip')).toMatchObject({ encoding: 'br' });
  });

  it('sends a small answer, or any answer to a client that accepts no encoding, as it is', async () => {
    expect(await get('/small', 'gzip')).toMatchObject({ encoding: undefined, bytes: 11 });
    expect(await get('/big')).toEqual({
      encoding: undefined,
      vary: 'Accept-Encoding',
      bytes: big.length,
    });
  });
});
