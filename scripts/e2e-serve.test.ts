import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { E2E_SERVER_COMMAND, e2eDatabasePlace } from '../e2e/database-place';

it('puts each E2E_PORT’s PostgreSQL on a port and in a folder of its own, 3100 where it always was', () => {
  expect(e2eDatabasePlace(3100)).toMatchObject({ pgPort: 54339 });
  const a = e2eDatabasePlace(3481);
  const b = e2eDatabasePlace(3482);
  expect(a.pgPort).not.toBe(b.pgPort);
  expect(a.dataDir).not.toBe(b.dataDir);
  expect(a.dataDir).toContain(String(a.pgPort));
  expect(() => e2eDatabasePlace(20_000)).toThrow(/choose an E2E_PORT between/);
});

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * An app port whose own, its OpenID issuer's (+2) and its PostgreSQL's ports are free now. The
 * PostgreSQL ports (54339 and up) lie in Linux's ephemeral range, where the suite's many
 * outgoing connections take their local ports.
 */
async function freeE2ePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = 3100 + 400 + Math.floor(Math.random() * 900);
    const ports = [port, port + 2, e2eDatabasePlace(port).pgPort];
    if ((await Promise.all(ports.map(canListen))).every(Boolean)) return port;
  }
  throw new Error('no free port for the e2e server');
}

// What Playwright does with the browser tests' server (playwright.config.ts): start it on
// E2E_PORT without DATABASE_URL, then stop it with SIGTERM. Its embedded PostgreSQL must have
// used the folder of that port, and the folder must be gone once it stopped.
it('serves on its own embedded PostgreSQL and removes its folder when stopped', async () => {
  const port = await freeE2ePort();
  const { dataDir } = e2eDatabasePlace(port);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const [command, ...args] = E2E_SERVER_COMMAND.split(' ') as [string, ...string[]];
  const server = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  // Why it stopped, should it stop: the failure's message says.
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  try {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
      if (ready?.status === 200) break;
      if (server.exitCode !== null || Date.now() > deadline) {
        throw new Error(`never ready (exit code ${server.exitCode}): ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(existsSync(dataDir)).toBe(true);
    // To the process group, as Playwright's gracefulShutdown does: the server and its PostgreSQL.
    process.kill(-(server.pid as number), 'SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
  } finally {
    if (server.exitCode === null) process.kill(-(server.pid as number), 'SIGKILL');
  }
}, 200_000);
