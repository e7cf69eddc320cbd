import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import type { Knex } from 'knex';
import { DEMO_PASSWORD, demoAccounts } from '../api/db/seeds/demo-accounts';
import { seedDemoData } from '../api/db/seeds/seed';
import { createKnex } from '../api/src/db/connection';
import { hashPassword } from '../api/src/modules/auth/passwords';
import type { CpuShare } from './cpu-share';
import { benchDatabase, ROUNDS, saveResult } from './harness';
import { BENCH_BOOKINGS, BENCH_PROVIDERS, seedBookings, seedProviders } from './provider-data';
import { type SpreadResult, spreadLoad, WARM_UP_SECONDS } from './spread-load';
import { signInOverHttp, startWebProcess, stopWebProcess, type WebProcess } from './web-processes';

// Does a second `web` process buy throughput? The provider app's busiest read, the job board,
// behind one and then two copies of api/src/server.ts on the same PostgreSQL. On a 2-core
// machine the servers, PostgreSQL and the load generator all share the cores, so 2× is out of
// reach; 1.4× says the processes do not serialize on something (a lock, the pool, the database).

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const CONNECTIONS = 20;
const TARGET_RATIO = 1.4;
const BOARD = '/api/provider/job-board';
/** Bench providers given a password and signed in, beside the two demo providers. */
const SIGNED_IN_BENCH_PROVIDERS = 6;

type Figures = { one: SpreadResult; two: SpreadResult; roundRatios: number[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

function medianCpu(shares: CpuShare[]): CpuShare {
  const [first] = shares as [CpuShare];
  return {
    busy: median(shares.map((s) => s.busy)),
    groups: Object.fromEntries(
      Object.keys(first.groups).map((name) => [
        name,
        median(shares.map((s) => s.groups[name] ?? 0)),
      ]),
    ),
    other: median(shares.map((s) => s.other)),
  };
}

/** The median of each figure over the rounds, as harness.interleaved reports. */
function medianOf(runs: SpreadResult[]): SpreadResult {
  const [first] = runs as [SpreadResult];
  const of = (pick: (r: SpreadResult) => number) => median(runs.map(pick));
  return {
    ...first,
    requestsPerSecond: of((r) => r.requestsPerSecond),
    p50Ms: of((r) => r.p50Ms),
    p99Ms: of((r) => r.p99Ms),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    perProcess: first.perProcess.map((_, i) => of((r) => r.perProcess[i] ?? 0)),
    cpu: runs.every((r) => r.cpu) ? medianCpu(runs.map((r) => r.cpu as CpuShare)) : null,
  };
}

/** Demo data, then provider-data.ts's board; answers the e-mails that can sign in. */
async function seed(knex: Knex): Promise<string[]> {
  await knex.migrate.latest();
  await seedDemoData(knex);
  const providers = await seedProviders(knex);
  await seedBookings(
    knex,
    providers.map((p) => p.id),
  );
  const withPassword = providers.slice(0, SIGNED_IN_BENCH_PROVIDERS).map((p) => p.id);
  await knex('users')
    .whereIn('id', withPassword)
    .update({ passwordHash: await hashPassword(DEMO_PASSWORD) });
  const emails = await knex('users').whereIn('id', withPassword).orderBy('email').pluck('email');
  return [demoAccounts.provider.email, demoAccounts.provider2.email, ...emails];
}

async function boardSize(base: string, cookie: string): Promise<number> {
  const res = await fetch(`${base}${BOARD}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${base}${BOARD} answered ${res.status}`);
  return ((await res.json()) as unknown[]).length;
}

/**
 * One process, then a second beside it on the same database. The rounds interleave (one, two,
 * one, two…) so a busy spell of a shared machine lands on both; the second process stays up,
 * unasked, during the one-process runs.
 */
async function measure(
  knex: Knex,
  url: string,
  dataDir: string,
  emails: string[],
): Promise<Figures & { boards: number[] }> {
  const web: WebProcess[] = [];
  try {
    web.push(await startWebProcess({ DATABASE_URL: url, DATA_DIR: path.join(dataDir, 'web-1') }));
    const [first] = web as [WebProcess];
    const cookies: string[] = [];
    // One at a time: a sign-in hashes with argon2 and the rate limit counts them per address.
    for (const email of emails)
      cookies.push(await signInOverHttp(first.base, email, DEMO_PASSWORD));
    web.push(await startWebProcess({ DATABASE_URL: url, DATA_DIR: path.join(dataDir, 'web-2') }));
    const [, second] = web as [WebProcess, WebProcess];
    const boards: number[] = [];
    for (const cookie of cookies) {
      const [here, there] = [
        await boardSize(first.base, cookie),
        await boardSize(second.base, cookie),
      ];
      // Sessions live in the database: a cookie from the first process is good on the second.
      if (here !== there) throw new Error(`the processes disagree on a board: ${here} vs ${there}`);
      boards.push(here);
    }
    const requests: autocannon.Request[] = cookies.map((cookie) => ({
      method: 'GET',
      path: BOARD,
      headers: { cookie },
    }));
    // The bench's own CPU: the servers and every PostgreSQL backend on this database.
    const ourPids = async () => ({
      servers: web.map((server) => server.child.pid ?? 0),
      postgres: await knex('pg_stat_activity')
        .where('datname', knex.raw('current_database()'))
        .pluck('pid'),
    });
    const options = { connections: CONNECTIONS, seconds: SECONDS, ourPids };
    const ones: SpreadResult[] = [];
    const twos: SpreadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ones.push(await spreadLoad('1 web process', [first.base], requests, options));
      twos.push(await spreadLoad('2 web processes', [first.base, second.base], requests, options));
    }
    const roundRatios = twos.map(
      (two, i) => two.requestsPerSecond / (ones[i]?.requestsPerSecond ?? Number.NaN),
    );
    return { one: medianOf(ones), two: medianOf(twos), roundRatios, boards };
  } finally {
    for (const server of web.reverse()) await stopWebProcess(server);
  }
}

/** Other work above this many cores during the windows makes the figures suspect. */
const DISTURBED_CORES = 0.2;

const cpuCell = ({ cpu }: SpreadResult) =>
  cpu
    ? `${cpu.busy.toFixed(2)}: ${Object.entries(cpu.groups)
        .map(([name, cores]) => `${name} ${cores.toFixed(2)}`)
        .join(', ')}, other ${cpu.other.toFixed(2)}`
    : 'n/a';

async function report(
  { one, two, roundRatios, boards }: Awaited<ReturnType<typeof measure>>,
  loadBefore: number[],
): Promise<void> {
  const ratio = two.requestsPerSecond / one.requestsPerSecond;
  const met = ratio >= TARGET_RATIO;
  const cores = os.availableParallelism();
  const loadAfter = os.loadavg();
  console.log(
    `\nscale: GET ${BOARD} behind 1 and 2 \`node api/src/server.ts\` processes (ROLE=web) on one database; ${BENCH_BOOKINGS} bookings, ${BENCH_PROVIDERS} providers, ${boards.length} signed in over HTTP (boards of ${Math.min(...boards)}–${Math.max(...boards)} jobs); ${CONNECTIONS} connections in all, split over the processes by the client (one autocannon per process, same window, no proxy); median of ${ROUNDS} interleaved ${SECONDS}-second rounds, each after a ${WARM_UP_SECONDS}-second warm-up (the second process is up but unasked in the 1-process rounds)`,
  );
  console.table(
    [one, two].map((r) => ({
      label: r.label,
      requestsPerSecond: r.requestsPerSecond,
      perProcess: r.perProcess.join(' + '),
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      'cores busy (median)': cpuCell(r),
    })),
  );
  console.log(
    `2-process/1-process throughput: ${ratio.toFixed(2)}× (${two.requestsPerSecond} vs ${one.requestsPerSecond} req/s; p99 ${two.p99Ms} vs ${one.p99Ms} ms, the worse process's; each round: ${roundRatios.map((r) => `${r.toFixed(2)}×`).join(', ')}); target ≥ ${TARGET_RATIO}× expected on 2 cores with PostgreSQL sharing them: ${met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `machine: ${cores} cores shared by the servers, PostgreSQL and this load generator${cores > 2 ? '' : ' (so 2× is out of reach)'}; load average ${loadBefore[0]?.toFixed(2)} before the bench, ${loadAfter[0]?.toFixed(2)} after it (1 min, its own load included)`,
  );
  const other = Math.max(one.cpu?.other ?? 0, two.cpu?.other ?? 0);
  if (other > DISTURBED_CORES) {
    console.log(
      `DISTURBED: other work kept ${other.toFixed(2)} of the ${cores} cores busy during the measured windows (median); these figures are not this code's alone, run again on a quiet machine`,
    );
  }
  console.log(
    `saved ${await saveResult('scale', { one, two, ratio, roundRatios, target: TARGET_RATIO, met, boards, cores, loadBefore, loadAfter })}`,
  );
}

export async function scaleScenario(): Promise<void> {
  const loadBefore = os.loadavg();
  const db = await benchDatabase(`twinclean_bench_scale_${process.pid}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'twinclean-bench-scale-'));
  const knex = createKnex(db.url);
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    const emails = await seed(knex);
    measured = await measure(knex, db.url, dataDir, emails);
  } finally {
    await knex.destroy();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  await report(measured, loadBefore);
}
