import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../api/src/test/free-port';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'twinclean-npm-start-'));
// Run as root, embedded PostgreSQL runs as the 'postgres' user, who must reach DATA_DIR/postgres.
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// What a user does: `npm start`, then stop it (a process manager sends npm SIGTERM). The app
// and its embedded PostgreSQL must both stop, which needs npm's shell out of the way.
it('stops the app and its embedded PostgreSQL when npm start gets SIGTERM', async () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const npm = spawn('npm', ['start'], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  npm.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 150_000;
  while (!/running at http:\/\/localhost:(\d+)/.test(output)) {
    if (npm.exitCode !== null || Date.now() > deadline) {
      throw new Error(`npm start ended (${npm.exitCode}): ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
  expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
  const postgres = Number(
    readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0],
  );
  expect(alive(postgres)).toBe(true);

  npm.kill('SIGTERM');
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow();
  expect(alive(postgres)).toBe(false);
}, 180_000);
