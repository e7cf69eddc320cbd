import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot } from '../api/src/config';
import { startEmbeddedPostgres } from '../api/src/db/embedded';
import { serverNode } from './server-node';

/** The value at fraction `p` (0.5, 0.99) of ascending `sorted` values; 0 when there are none. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;

export type LoadResult = {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
};

/** A fresh, named database on DATABASE_URL's server or on a throwaway embedded one. */
export async function benchDatabase(
  name: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  let serverUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!serverUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'twinclean-bench-'));
    await chmod(dataDir, 0o755);
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'pg'),
      port: 54349,
      database: 'postgres',
    });
    serverUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    close: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await stop();
    },
  };
}

/** A process's resident memory now and at its peak, in MB, from /proc (Linux). */
export function processMemory(pid: number | undefined): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1]);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** Starts counting a process's peak memory afresh (Linux: writing 5 to clear_refs). */
export function resetPeakMemory(pid: number | undefined): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Every server a bench started and stopped, with its memory at start and at the end. */
export const serverMemoryLog: {
  script: string;
  afterStartMb: number;
  atEndMb: number;
  peakMb: number;
}[] = [];
const started = new Map<ChildProcess, { script: string; afterStartMb: number }>();

/** Stops a server started by startServerProcess, reporting its memory at the end of its run. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const start = started.get(child);
  if (start) {
    const { rssMb, peakMb } = processMemory(child.pid);
    serverMemoryLog.push({ ...start, atEndMb: rssMb, peakMb });
    console.log(
      `${start.script}: RSS ${start.afterStartMb} MB after start, ${rssMb} MB at the end (peak ${peakMb} MB)`,
    );
    started.delete(child);
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Runs a TypeScript server in its own process and waits for it to say "ready"; with `heapProbe`
 * the server answers heapAfterGc.
 */
export async function startServerProcess(
  script: string,
  env: Record<string, string>,
  { heapProbe = false } = {},
): Promise<ChildProcess> {
  const probe = heapProbe ? ['--expose-gc', '--import', './bench/servers/heap-probe.ts'] : [];
  const node = await serverNode();
  const child = spawn(node.path, ['--import', 'tsx', ...probe, script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  started.set(child, { script, afterStartMb: processMemory(child.pid).rssMb });
  return child;
}

/** The server's V8 heap and external memory after a full collection, in MB (heap-probe.ts). */
export function heapAfterGc(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      const mb = chunk.toString().match(/heap after gc: (\d+)/)?.[1];
      if (mb === undefined) return;
      child.stdout?.off('data', read);
      resolve(Number(mb));
    };
    child.stdout?.on('data', read);
    child.kill('SIGUSR2');
  });
}

export async function load(
  label: string,
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections, duration, headers: options.headers ?? {} });
  // A short warm-up so JIT and connection pools are hot before we measure.
  await run(2);
  const result = await run(options.seconds);
  if (result.errors || result.non2xx) {
    throw new Error(
      `${label}: ${result.errors} errors and ${result.non2xx} non-2xx answers; the figures would be meaningless`,
    );
  }
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function saveResult(scenario: string, data: unknown): Promise<string> {
  const dir = path.join(repoRoot, 'bench/results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${scenario}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** Rounds of each comparison; BENCH_ROUNDS. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * The run whose `key` is the median of several (the upper middle of an even number), and the
 * key's lowest and highest: a run's figures stay together instead of mixing medians of each.
 */
export function medianRun<T>(
  runs: T[],
  key: (run: T) => number,
): { run: T; range: [number, number] } {
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) throw new Error('medianRun needs a run');
  return { run: sorted[Math.floor(sorted.length / 2)] as T, range: [key(first), key(last)] };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

/**
 * Loads each target in turn, `rounds` times over, and reports the median of each figure. On a
 * small shared machine one 10-second run swings by a fifth either way; interleaving the
 * targets means a slow spell of the machine lands on both, not on whichever ran then.
 */
export async function interleaved(
  targets: { label: string; url: string; headers?: Record<string, string> }[],
  options: { connections: number; seconds: number; rounds?: number },
): Promise<LoadResult[]> {
  const runs = new Map<string, LoadResult[]>();
  for (let round = 0; round < (options.rounds ?? ROUNDS); round++) {
    for (const { label, url, headers } of targets) {
      const result = await load(label, url, { ...options, headers });
      runs.set(label, [...(runs.get(label) ?? []), result]);
    }
  }
  return targets.map(({ label }) => {
    const results = runs.get(label) ?? [];
    return {
      label,
      requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
      p50Ms: median(results.map((r) => r.p50Ms)),
      p99Ms: median(results.map((r) => r.p99Ms)),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
}
