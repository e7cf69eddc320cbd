import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { closeHttpServer, createLifecycle } from './lifecycle';

const silent = pino({ level: 'silent' });

describe('createLifecycle', () => {
  it('undoes its steps last-in first-out, once however often stopped, and goes on past a failure', async () => {
    const lifecycle = createLifecycle(silent);
    const undone: string[] = [];
    lifecycle.onStop('database', async () => {
      undone.push('database');
    });
    lifecycle.onStop('job queue', async () => {
      throw new Error('queue would not stop');
    });
    lifecycle.onStop('http', async () => {
      expect(lifecycle.draining).toBe(true);
      undone.push('http');
    });
    expect(lifecycle.draining).toBe(false);
    const [first, second] = await Promise.all([
      lifecycle.stop('SIGTERM'),
      lifecycle.stop('SIGINT'),
    ]);
    expect(undone).toEqual(['http', 'database']);
    expect([first, second]).toEqual([false, false]);
  });

  it('says a stop was clean when every step succeeded', async () => {
    const lifecycle = createLifecycle(silent);
    lifecycle.onStop('nothing', async () => {});
    expect(await lifecycle.stop('SIGTERM')).toBe(true);
  });
});

/** A server whose requests wait until released; answers 'done'. */
async function slowServer() {
  const waiting: (() => void)[] = [];
  const server = http.createServer((_req, res) => {
    waiting.push(() => res.end('done'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const arrived = async (count: number) => {
    while (waiting.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const release = () => {
    for (const end of waiting.splice(0)) end();
  };
  return { server, url, arrived, release };
}

describe('closeHttpServer', () => {
  it('lets a request in flight finish, then closes; new connections are refused meanwhile', async () => {
    const { server, url, arrived, release } = await slowServer();
    const answer = fetch(url).then((res) => res.text());
    await arrived(1);
    const closed = closeHttpServer(server, 10_000);
    await expect(fetch(url)).rejects.toThrow();
    release();
    expect(await answer).toBe('done');
    const started = Date.now();
    await closed;
    // Not held open by the finished answer's keep-alive connection (Node keeps one 5 s).
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.listening).toBe(false);
  });

  it('cuts off a request still running when the drain time is up', async () => {
    const { server, url, arrived } = await slowServer();
    const answer = fetch(url).then(
      () => 'answered',
      () => 'cut off',
    );
    await arrived(1);
    const started = Date.now();
    await closeHttpServer(server, 200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await answer).toBe('cut off');
  });
});
