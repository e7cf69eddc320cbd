import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';

// The whole app (compression, static files, error handling) on a real port, with its log kept.
const root = mkdtempSync(path.join(os.tmpdir(), 'client-gone-'));
writeFileSync(path.join(root, 'index.html'), 'shell');
// Random bytes, so gzip cannot shrink the file below what the sockets buffer.
writeFileSync(path.join(root, 'big.bin'), randomBytes(16 * 1024 * 1024));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Line = { level: number; msg: string; err?: { code?: string; message?: string } };
const lines: Line[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
const ERROR = 50;

const db = useTestDatabase();
const api = useTestServer(db, () => ({ logger, staticApps: [{ mount: '/', root }] }));

/** Asks for a file over a raw socket and hangs up once the first bytes arrive. */
async function hangUpMidFile(url: string, headers: string[] = []) {
  const { port } = new URL(api.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n${headers.join('\r\n')}\r\n\r\n`);
  const first = await new Promise<string>((resolve) =>
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))),
  );
  socket.destroy();
  return first.split('\r\n')[0];
}

/** The log lines that come in within a moment: the server notices a hang-up asynchronously. */
async function logUntil(seen: (line: Line) => boolean) {
  await vi.waitFor(() => expect(lines.some(seen)).toBe(true), { timeout: 5000, interval: 20 });
  // Anything else the same hang-up causes (a reset socket after the closed stream) comes next.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return lines.splice(0);
}

describe('a client that goes away while a file is sent', () => {
  const wentAway = (line: Line) => line.msg === 'client went away';

  it('is a debug line, not an error, with or without compression', async () => {
    const printed = vi.spyOn(console, 'error');
    try {
      for (const headers of [[], ['Accept-Encoding: gzip']]) {
        lines.splice(0);
        expect(await hangUpMidFile('/big.bin', headers)).toBe('HTTP/1.1 200 OK');
        const logged = await logUntil(wentAway);
        expect(logged.filter((line) => line.level >= ERROR)).toEqual([]);
        expect(logged.find(wentAway)?.err?.code).toMatch(
          /^(ERR_STREAM_PREMATURE_CLOSE|ECONNRESET|EPIPE)$/,
        );
      }
      // Koa's own fallback prints stacks to the console: it must not have been reached either.
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });

  // A file that fails to read while the client is still there (/proc/self/mem answers every
  // read at address 0 with EIO) is the server's fault, through the very same stream.
  it('still logs a file that fails to read as an error', async () => {
    symlinkSync('/proc/self/mem', path.join(root, 'broken.bin'));
    lines.splice(0);
    // The read fails once Koa streams the answer, too late for a 500: the connection is cut.
    await expect(fetch(`${api.url}/broken.bin`).then((res) => res.text())).rejects.toThrow();
    const logged = await logUntil((line) => line.level >= ERROR);
    expect(logged.filter((line) => line.level >= ERROR)).toEqual([
      expect.objectContaining({ err: expect.objectContaining({ code: 'EIO' }) }),
    ]);
    expect(logged.some(wentAway)).toBe(false);
  });
});
