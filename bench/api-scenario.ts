import { seedDemoData } from '../api/db/seeds/seed';
import { createKnex } from '../api/src/db/connection';
import { benchDatabase, load, saveResult, startServerProcess, stopServerProcess } from './harness';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** GET /api/add-ons through the whole app, beside a bare node:http + pg server doing the same query. */
export async function apiScenario(): Promise<void> {
  const db = await benchDatabase('twinclean_bench_api');
  const knex = createKnex(db.url);
  await knex.migrate.latest();
  await seedDemoData(knex);
  await knex.destroy();

  const results = [];
  try {
    for (const [label, script, port] of [
      ['app (Koa + objection)', 'bench/servers/api.ts', '3201'],
      ['bare node:http + pg', 'bench/servers/bare.ts', '3202'],
    ] as const) {
      const server = await startServerProcess(script, { DATABASE_URL: db.url, PORT: port });
      try {
        results.push(
          await load(label, `http://127.0.0.1:${port}/api/add-ons`, {
            connections: CONNECTIONS,
            seconds: SECONDS,
          }),
        );
      } finally {
        await stopServerProcess(server);
      }
    }
  } finally {
    await db.close();
  }

  const [app, bare] = results as [(typeof results)[0], (typeof results)[0]];
  console.log(`\napi: GET /api/add-ons, ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.table(results);
  console.log(
    `app/bare throughput: ${(app.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}  (p99 ${app.p99Ms} ms vs ${bare.p99Ms} ms)`,
  );
  console.log(
    `saved ${await saveResult('api', { connections: CONNECTIONS, seconds: SECONDS, results })}`,
  );
}
