import net from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { errorHandler } from '../middleware/error-handler';
import { DRAIN_MAX_BYTES } from './drain-body';

// A request refused before its body is read (here: at once, as when the database is away)
// while its client is still sending that body.
let server: ReturnType<Koa['listen']>;
let port: number;

beforeAll(async () => {
  const app = new Koa();
  app.use(errorHandler(pino({ level: 'silent' })));
  app.use(() => {
    throw new AppError(503, 'database_unavailable', 'The database is not reachable.');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const head = (length: number) =>
  `POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

/** Sends the head, then the body a little later; resolves with everything read until `until`. */
function exchange(socket: net.Socket, until: (text: string) => boolean) {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (until(text)) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => resolve(text));
  });
}

const answers = (text: string) => text.match(/HTTP\/1\.1 503/g)?.length ?? 0;

describe('a small body still arriving when the request is refused', () => {
  it('is read to its end, the answer follows it, and the connection stays open', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = 'x'.repeat(4096);
    const first = exchange(socket, (text) => answers(text) === 1 && text.endsWith('}'));
    socket.write(head(body.length));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body);
    const text = await first;
    expect(text).toMatch(/^HTTP\/1\.1 503/);
    expect(text.toLowerCase()).not.toContain('connection: close');
    // The same connection answers the next request: nothing of the first body was left on it.
    const second = exchange(socket, (all) => answers(all) === 1 && all.endsWith('}'));
    socket.write(head(2));
    socket.write('ok');
    expect(await second).toMatch(/^HTTP\/1\.1 503/);
    socket.destroy();
  });

  it('is not waited for past its bound: a large one closes the connection after the answer', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const text = exchange(socket, () => false);
    socket.write(head(DRAIN_MAX_BYTES + 1));
    const answer = await text;
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer.toLowerCase()).toContain('connection: close');
    socket.destroy();
  });
});
