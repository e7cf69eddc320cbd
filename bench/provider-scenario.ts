import { seedDemoData } from '../api/db/seeds/seed';
import { createKnex } from '../api/src/db/connection';
import { signedSessionCookie } from '../api/src/sessions/cookie';
import {
  benchDatabase,
  interleaved,
  type LoadResult,
  percentile,
  ROUNDS,
  saveResult,
  startServerProcess,
  stopServerProcess,
} from './harness';
import { BENCH_BOOKINGS, BENCH_PROVIDERS, seedBookings, seedProviders } from './provider-data';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SESSION_KEY = 'bench-session-key';

/** p99 of 50 providers accepting the same job at once, and how many won. */
async function concurrentAccepts(url: string, cookies: string[], jobId: string) {
  const timings = await Promise.all(
    cookies.map(async (cookie) => {
      const started = performance.now();
      const res = await fetch(`${url}/api/provider/job-board/${jobId}/accept`, {
        method: 'POST',
        headers: { cookie },
      });
      await res.text();
      return { ms: performance.now() - started, status: res.status };
    }),
  );
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  return {
    winners: timings.filter((t) => t.status === 200).length,
    refused: timings.filter((t) => t.status === 409).length,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    firstMs: Math.round(sorted[0] ?? 0),
  };
}

type Measured = {
  results: LoadResult[];
  boardSize: number;
  accepts: Awaited<ReturnType<typeof concurrentAccepts>>;
  warmAccepts: Awaited<ReturnType<typeof concurrentAccepts>>;
};

async function measure(url: string, knex: ReturnType<typeof createKnex>): Promise<Measured> {
  const providers = await seedProviders(knex);
  await seedBookings(
    knex,
    providers.map((p) => p.id),
  );
  const [first] = providers;
  const cookie = signedSessionCookie(first?.sessionId ?? '', SESSION_KEY);
  const app = await startServerProcess('bench/servers/api.ts', { DATABASE_URL: url, PORT: '3204' });
  try {
    const board = await fetch('http://127.0.0.1:3204/api/provider/job-board', {
      headers: { cookie },
    });
    const appAnswer = await board.text();
    const boardSize = (JSON.parse(appAnswer) as unknown[]).length;
    const bare = await startServerProcess('bench/servers/bare.ts', {
      DATABASE_URL: url,
      PORT: '3205',
    });
    let results: LoadResult[];
    try {
      // The twin must send what the app sends, or the ratio measures something else.
      const bareAnswer = await fetch(
        `http://127.0.0.1:3205/api/provider/job-board?provider=${first?.id}`,
      ).then((res) => res.text());
      if (bareAnswer !== appAnswer) {
        throw new Error('The bare server answers a different job board than the app');
      }
      results = await interleaved(
        [
          {
            label: 'app job board',
            url: 'http://127.0.0.1:3204/api/provider/job-board',
            headers: { cookie },
          },
          {
            label: 'bare node:http + pg',
            url: `http://127.0.0.1:3205/api/provider/job-board?provider=${first?.id}`,
          },
        ],
        { connections: 20, seconds: SECONDS },
      );
    } finally {
      await stopServerProcess(bare);
    }
    const [coldJob, warmJob] = await knex('bookings')
      .whereNull('providerId')
      .whereNull('canceledAt')
      .where('scheduledAt', '>', new Date())
      .limit(2)
      .pluck('id');
    const cookies = providers.map((p) => signedSessionCookie(p.sessionId, SESSION_KEY));
    // Cold: 50 new connections and 50 sessions no process has read yet.
    const accepts = await concurrentAccepts('http://127.0.0.1:3204', cookies, coldJob);
    // Warm, as it happens: 50 providers looking at the board (their connections open, their
    // sessions read) tap Accept on the same job at once.
    await Promise.all(
      cookies.map(async (cookie) => {
        const res = await fetch('http://127.0.0.1:3204/api/provider/job-board', {
          headers: { cookie },
        });
        await res.text();
      }),
    );
    const warmAccepts = await concurrentAccepts('http://127.0.0.1:3204', cookies, warmJob);
    return { results, boardSize, accepts, warmAccepts };
  } finally {
    await stopServerProcess(app);
  }
}

export async function providerScenario(): Promise<void> {
  const db = await benchDatabase('twinclean_bench_provider');
  const knex = createKnex(db.url);
  let measured: Measured;
  try {
    await knex.migrate.latest();
    await seedDemoData(knex);
    measured = await measure(db.url, knex);
  } finally {
    await knex.destroy();
    await db.close();
  }
  const { results, boardSize, accepts, warmAccepts } = measured;
  const [appRun, bareRun] = results as [LoadResult, LoadResult];
  console.log(
    `\nprovider: GET /api/provider/job-board, ${BENCH_BOOKINGS} bookings, ${BENCH_PROVIDERS} providers, ${boardSize} jobs on one provider's board, 20 connections, median of ${ROUNDS} interleaved ${SECONDS}-second rounds`,
  );
  console.table(results);
  console.log(
    `app/bare throughput: ${(appRun.requestsPerSecond / bareRun.requestsPerSecond).toFixed(2)}  (p99 ${appRun.p99Ms} ms vs ${bareRun.p99Ms} ms)`,
  );
  console.log(
    `50 concurrent accepts of one job, cold (new connections, sessions not yet read): ${accepts.winners} won, ${accepts.refused} got 409, first answer ${accepts.firstMs} ms, p50 ${accepts.p50Ms} ms, p99 ${accepts.p99Ms} ms`,
  );
  console.log(
    `50 concurrent accepts of another job by the same providers, each just after loading the board: ${warmAccepts.winners} won, ${warmAccepts.refused} got 409, first answer ${warmAccepts.firstMs} ms, p50 ${warmAccepts.p50Ms} ms, p99 ${warmAccepts.p99Ms} ms`,
  );
  console.log(
    `saved ${await saveResult('provider', { results, boardSize, accepts, warmAccepts })}`,
  );
}
