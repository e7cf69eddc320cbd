import { seedDemoData } from '../api/db/seeds/seed';
import { createKnex } from '../api/src/db/connection';
import { signedSessionCookie } from '../api/src/sessions/cookie';
import { acceptBursts, describeBurst } from './accept-bursts';
import {
  benchDatabase,
  interleaved,
  type LoadResult,
  ROUNDS,
  saveResult,
  startServerProcess,
  stopServerProcess,
} from './harness';
import { BENCH_BOOKINGS, BENCH_PROVIDERS, seedBookings, seedProviders } from './provider-data';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SESSION_KEY = 'bench-session-key';

type Measured = {
  results: LoadResult[];
  boardSize: number;
  accepts: Awaited<ReturnType<typeof acceptBursts>>;
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
    const accepts = await acceptBursts(knex, 'http://127.0.0.1:3204', providers, SESSION_KEY);
    return { results, boardSize, accepts };
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
  const { results, boardSize, accepts } = measured;
  const [appRun, bareRun] = results as [LoadResult, LoadResult];
  console.log(
    `\nprovider: GET /api/provider/job-board, ${BENCH_BOOKINGS} bookings, ${BENCH_PROVIDERS} providers, ${boardSize} jobs on one provider's board, 20 connections, median of ${ROUNDS} interleaved ${SECONDS}-second rounds`,
  );
  console.table(results);
  console.log(
    `app/bare throughput: ${(appRun.requestsPerSecond / bareRun.requestsPerSecond).toFixed(2)}  (p99 ${appRun.p99Ms} ms vs ${bareRun.p99Ms} ms)`,
  );
  console.log(
    `50 concurrent accepts of one job, the first this server process answers: ${describeBurst(accepts.first)}`,
  );
  console.log(
    `50 concurrent accepts, cold (new connections, sessions not yet read): ${describeBurst(accepts.cold)}`,
  );
  console.log(
    `50 concurrent accepts, warm (each provider just loaded the board): ${describeBurst(accepts.warm)}`,
  );
  console.log(`saved ${await saveResult('provider', { results, boardSize, accepts })}`);
}
