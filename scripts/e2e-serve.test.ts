import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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

// What Playwright does with the browser tests' server (playwright.config.ts): start it on
// E2E_PORT without DATABASE_URL, then stop it with SIGTERM. Its embedded PostgreSQL must have
// used the folder of that port, and the folder must be gone once it stopped.
it('serves on its own embedded PostgreSQL and removes its folder when stopped', async () => {
  const port = 3100 + 400 + Math.floor(Math.random() * 900);
  const { dataDir } = e2eDatabasePlace(port);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const [command, ...args] = E2E_SERVER_COMMAND.split(' ') as [string, ...string[]];
  const server = spawn(command, args, { env, stdio: 'ignore', detached: true });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  try {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
      if (ready?.status === 200) break;
      if (server.exitCode !== null || Date.now() > deadline) throw new Error('never ready');
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
