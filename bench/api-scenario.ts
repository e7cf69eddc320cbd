import { seedDemoData } from '../api/db/seeds/seed';
import { createKnex } from '../api/src/db/connection';
import {
  benchDatabase,
  interleaved,
  type LoadResult,
  ROUNDS,
  saveResult,
  startServerProcess,
  stopServerProcess,
} from './harness';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** GET /api/add-ons through the whole app, beside a bare node:http + pg server doing the same query. */
export async function apiScenario(): Promise<void> {
  const db = await benchDatabase('twinclean_bench_api');
  const knex = createKnex(db.url);
  await knex.migrate.latest();
  await seedDemoData(knex);
  await knex.destroy();

  const app = await startServerProcess('bench/servers/api.ts', {
    DATABASE_URL: db.url,
    PORT: '3201',
  });
  let results: LoadResult[];
  try {
    const bare = await startServerProcess('bench/servers/bare.ts', {
      DATABASE_URL: db.url,
      PORT: '3202',
    });
    try {
      results = await interleaved(
        [
          { label: 'app (Koa + objection)', url: 'http://127.0.0.1:3201/api/add-ons' },
          { label: 'bare node:http + pg', url: 'http://127.0.0.1:3202/api/add-ons' },
        ],
        { connections: CONNECTIONS, seconds: SECONDS },
      );
    } finally {
      await stopServerProcess(bare);
    }
  } finally {
    await stopServerProcess(app);
    await db.close();
  }

  const [appRun, bareRun] = results as [LoadResult, LoadResult];
  console.log(
    `\napi: GET /api/add-ons, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved ${SECONDS}-second rounds`,
  );
  console.table(results);
  console.log(
    `app/bare throughput: ${(appRun.requestsPerSecond / bareRun.requestsPerSecond).toFixed(2)}  (p99 ${appRun.p99Ms} ms vs ${bareRun.p99Ms} ms)`,
  );
  console.log(
    `saved ${await saveResult('api', { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, results })}`,
  );
}
