// npx tsx scripts/node-lts-smoke.ts [major]: the app as a user runs it, on another Node.js major
// (default 24, the current LTS) taken from the npm registry. It starts the server on a fresh
// database, books a house cleaning as a guest, checks health, and expects a clean SIGTERM exit.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createdBookingSchema } from '@twinclean/shared/bookings';
import { healthSchema } from '@twinclean/shared/health';
import pg from 'pg';
import { repoRoot } from '../api/src/config';
import { databaseUrl } from '../api/src/test/database-url';
import { wizardPayload } from '../api/src/test/fixtures';
import { nodeBinary } from './node-lts-binary';

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

const major = Number(process.argv[2] ?? 24);
if (!Number.isInteger(major) || major < 1) {
  console.error('Usage: npx tsx scripts/node-lts-smoke.ts [major]   (default 24)');
  process.exit(2);
}
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: (client: pg.Client) => string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql(client));
  } finally {
    await client.end();
  }
}

type App = { child: ChildProcess; output: string[]; exited: Promise<string> };

/** `node --import tsx api/src/server.ts` with `node` the binary under test; resolves when it listens. */
function startApp(node: string, env: NodeJS.ProcessEnv): { app: App; ready: Promise<string> } {
  const child = spawn(node, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`));
    child.once('error', (error) => resolve(`error ${error.message}`));
  });
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`it did not listen within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    const keep = (stream: 'stdout' | 'stderr') => (line: string) => {
      if (line.trim()) output.push(stream === 'stderr' ? `stderr: ${line}` : line);
      // PORT=0 takes a free port; the line names the one it got.
      const port = /TwinClean is running at http:\/\/localhost:(\d+)/.exec(line)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    createInterface({ input: child.stdout }).on('line', keep('stdout'));
    createInterface({ input: child.stderr }).on('line', keep('stderr'));
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`it exited (${how}) before listening`));
    });
  });
  return { app: { child, output, exited }, ready };
}

async function expectStatus(res: Response, status: number, what: string): Promise<unknown> {
  const body: unknown = await res.json().catch(() => undefined);
  if (res.status !== status) {
    throw new Error(`${what} answered ${res.status}, not ${status}: ${JSON.stringify(body)}`);
  }
  return body;
}

/** A guest's house cleaning, as the booking wizard sends it (the API tests' payload). */
async function book(base: string): Promise<string> {
  const res = await fetch(`${base}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(wizardPayload()),
  });
  return createdBookingSchema.parse(await expectStatus(res, 201, 'POST /api/bookings')).id;
}

async function checkHealth(base: string): Promise<void> {
  healthSchema.parse(await expectStatus(await fetch(`${base}/api/health`), 200, 'GET /api/health'));
}

/** The built front ends, when `npm run build` has made them; the API answers either way. */
async function checkFrontEnds(base: string): Promise<string> {
  const missing = ['web', 'pwa'].filter(
    (app) => !existsSync(path.join(repoRoot, app, 'dist/index.html')),
  );
  if (missing.length > 0) {
    return `API only: ${missing.map((app) => `${app}/dist`).join(', ')} not built (npm run build)`;
  }
  for (const page of ['/', '/provider']) {
    const res = await fetch(`${base}${page}`);
    const type = res.headers.get('content-type') ?? '';
    if (res.status !== 200 || !type.startsWith('text/html')) {
      throw new Error(`GET ${page} answered ${res.status} ${type}, not the built app's page`);
    }
  }
  return 'front ends served';
}

/** SIGTERM, then the time the process took to exit with code 0. */
async function stop(app: App): Promise<number> {
  const started = performance.now();
  app.child.kill('SIGTERM');
  const timeout = new Promise<string>((resolve) => {
    setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref();
  });
  const how = await Promise.race([app.exited, timeout]);
  const ms = Math.round(performance.now() - started);
  if (how === 'timeout') throw new Error(`still running ${STOP_TIMEOUT_MS / 1000} s after SIGTERM`);
  if (how !== 'code 0') throw new Error(`SIGTERM ended it with ${how} after ${ms} ms, not code 0`);
  return ms;
}

const binary = await nodeBinary(major);
const label = `Node v${binary.version}`;
const cached = path.relative(repoRoot, path.dirname(path.dirname(binary.path)));
console.log(
  binary.download
    ? `${label}: downloaded ${(binary.download.bytes / 1e6).toFixed(1)} MB in ${(binary.download.ms / 1000).toFixed(1)} s, kept in ${cached}`
    : `${label}: from ${cached}`,
);

// Named after DATABASE_URL's database, so CI's cleanup of its run's databases covers this one.
const baseName = new URL(serverUrl).pathname.slice(1) || 'postgres';
const database = `${baseName}_node${major}_${Date.now().toString(36)}`;
await admin((c) => `CREATE DATABASE ${c.escapeIdentifier(database)}`);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'node-lts-smoke-'));
let app: App | undefined;
// What passed so far, so a failure's line still says how far the app got.
const passed: string[] = [];
try {
  const startedAt = performance.now();
  const started = startApp(binary.path, {
    ...process.env,
    // Development, so an empty database gets the demo data (prices, providers) a booking needs.
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl(serverUrl, database),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ROLE: 'all',
  });
  app = started.app;
  const base = await started.ready;
  passed.push(`started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  passed.push(`booked ${await book(base)}`);
  await checkHealth(base);
  passed.push('healthy');
  const frontEnds = await checkFrontEnds(base);
  passed.push(`stopped cleanly in ${await stop(app)} ms`);
  // Warnings the other Node prints (deprecations, experimental features) are worth seeing.
  for (const line of app.output.filter((l) => l.startsWith('stderr: '))) console.log(line);
  console.log(`${label}: ${passed.join(', ')} (${frontEnds})`);
} catch (error) {
  process.exitCode = 1;
  if (app?.output.length) console.error(`The server's output:\n  ${app.output.join('\n  ')}`);
  const failure = `FAILED: ${error instanceof Error ? error.message : error}`;
  console.error(`${label}: ${[...passed, failure].join(', ')}`);
} finally {
  if (app && app.child.exitCode === null && app.child.signalCode === null) {
    app.child.kill('SIGKILL');
    await app.exited;
  }
  await admin((c) => `DROP DATABASE IF EXISTS ${c.escapeIdentifier(database)} WITH (FORCE)`);
  await rm(dataDir, { recursive: true, force: true });
}
