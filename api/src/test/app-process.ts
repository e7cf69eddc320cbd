import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seeds/demo-accounts';
import { repoRoot } from '../config';
import { CookieJar } from './cookie-jar';
import { type S3StandIn, s3StandInEnv, startS3StandIn } from './s3-stand-in';

/** One app process, started with the command the image runs, its log lines kept as JSON. */
export type AppProcess = {
  role: 'all' | 'web' | 'worker';
  url: string;
  pid: number;
  child: ChildProcess;
  /** Every JSON log line written so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
};

/**
 * Starts `node --import tsx api/src/server.ts` (the Dockerfile's CMD) with `env` on a free
 * port of 127.0.0.1, each with a data folder of its own (so nothing can pass through a disk),
 * and resolves once it listens.
 */
export async function startAppProcess(
  role: AppProcess['role'],
  env: Record<string, string>,
): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `twinclean-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      ROLE: role,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let output = '';
  /** Everything it wrote, for the error when it fails to start. */
  let transcript = '';
  // 'close', not 'exit': the output is all read by then, so a failure can be shown whole.
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
        transcript += `${line}\n`;
        const port = /running .*http:\/\/localhost:(\d+)/.exec(line)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => {
      transcript += chunk.toString();
    });
    void exited.then((code) =>
      reject(
        new Error(`The ${role} process ended (${code}) before listening:\n${transcript}${output}`),
      ),
    );
  });
  const url = await listening;
  return { role, url, pid: child.pid as number, child, logs, exited };
}

/** SIGTERM, then the exit code it ended with. */
export async function stopAppProcess(app: AppProcess): Promise<number | string> {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
  return app.exited;
}

/** Polls `check` every 100 ms until it holds; fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Whether a session waits on a lock `holder` holds: the request a test stopped on that lock,
 * not another session that happens to wait (the worker's schedules take advisory locks).
 */
export async function someoneWaitsOnALock(knex: Knex, holder: Knex.Transaction): Promise<boolean> {
  const { rows: held } = await holder.raw('SELECT pg_backend_pid() AS pid');
  const { rows } = await knex.raw(
    "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND ? = ANY(pg_blocking_pids(pid))",
    [held[0].pid],
  );
  return rows.length > 0;
}

/**
 * SIGKILLs `victim` in the middle of a request: the test first takes, in a transaction of its
 * own, the lock that `hold` takes, so the request sent to the victim stops on it inside its work;
 * once it waits there (and `reached` holds, for a later moment), the process dies, and then the
 * test lets go. Fails unless the caller lost the connection, as a phone or a browser would.
 */
export async function killMidRequest(
  knex: Knex,
  victim: AppProcess,
  request: {
    hold: (trx: Knex.Transaction) => Promise<unknown>;
    send: (base: string) => Promise<Response>;
    reached?: () => Promise<boolean>;
  },
): Promise<void> {
  const holder = await knex.transaction();
  try {
    await request.hold(holder);
    const first = request.send(victim.url).then(
      (res) => res.status,
      () => 'connection lost',
    );
    await waitFor(
      async () =>
        (await someoneWaitsOnALock(knex, holder)) && ((await request.reached?.()) ?? true),
    );
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');
    expect(await first).toBe('connection lost');
  } finally {
    await holder.rollback();
  }
}

/**
 * A signed-in browser that may call any process: one cookie jar, its own client address (for
 * the per-address sign-in limit), the session valid on every process sharing the database.
 */
export async function browserSignedIn(via: string, email: string, ip: string) {
  return (await browserSession(via, email, ip)).call;
}

/** browserSignedIn's browser with its cookie jar, to replay its cookie elsewhere. */
export async function browserSession(via: string, email: string, ip: string) {
  const jar = new CookieJar();
  const call = (base: string, path: string, init: RequestInit = {}) =>
    jar.fetch(`${base}${path}`, { ...init, headers: { 'X-Forwarded-For': ip, ...init.headers } });
  const res = await call(via, '/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return { call, jar };
}

/** A JSON POST for a browser's `call`. */
export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export type WebProcesses = {
  s3: S3StandIn;
  /** Two web processes that stay up: where retries go. */
  a: AppProcess;
  b: AppProcess;
  /** Another web process, started for a test to kill. */
  victim(): Promise<AppProcess>;
};

/**
 * The production shape for a test file: web processes started with the image's command on its
 * database and an S3 stand-in, all stopped after its tests (each still running must exit 0 on
 * SIGTERM). Read the fields inside tests.
 */
export function useWebProcesses(db: { url: string }): WebProcesses {
  const started: AppProcess[] = [];
  const env = () => ({ DATABASE_URL: db.url, TRUST_PROXY: 'true', ...s3StandInEnv(handle.s3) });
  const start = async () => {
    const app = await startAppProcess('web', env());
    started.push(app);
    return app;
  };
  const handle = { victim: start } as WebProcesses;
  beforeAll(async () => {
    handle.s3 = await startS3StandIn();
    [handle.a, handle.b] = await Promise.all([start(), start()]);
  }, 120_000);
  afterAll(async () => {
    const codes = await Promise.all(started.map(stopAppProcess));
    await handle.s3?.close();
    expect(codes.filter((code) => code !== 'SIGKILL')).toEqual(
      codes.filter((code) => code !== 'SIGKILL').map(() => 0),
    );
  }, 60_000);
  return handle;
}
