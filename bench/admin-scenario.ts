import { adminBookingListQuerySchema, DEFAULT_PAGE_SIZE } from '@twinclean/shared/admin-bookings';
import type { Knex } from 'knex';
import { createKnex } from '../api/src/db/connection';
import { listAdminBookings } from '../api/src/modules/admin/bookings-list';
import { adminStats } from '../api/src/modules/admin/stats';
import { signedSessionCookie } from '../api/src/sessions/cookie';
import {
  ADMIN_BENCH_BOOKINGS,
  ADMIN_BENCH_PROVIDERS,
  seedAdminBookings,
  seedAdminPeople,
} from './admin-data';
import {
  benchDatabase,
  interleaved,
  type LoadResult,
  percentile,
  processMemory,
  ROUNDS,
  resetPeakMemory,
  saveResult,
  startServerProcess,
  stopServerProcess,
} from './harness';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A busy office: ten admins paging, filtering and searching at once. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SESSION_KEY = 'bench-session-key';
const TARGET_P99_MS = 100;
const PORT = 3206;
/** Calls of each query, one at a time, for its database time alone. */
const QUERY_RUNS = 60;

/** Seven in ten bookings are house cleanings (admin-data.ts), 25 to a page; one deep in the list. */
const HOUSE_PAGES = Math.ceil((ADMIN_BENCH_BOOKINGS * 0.7) / DEFAULT_PAGE_SIZE);
const DEEP_PAGE = Math.round(HOUSE_PAGES * 0.71);

type Target = { label: string; path: string; query?: Record<string, unknown> };

/** The admin tables' calls, and what each asks the list for. */
function targets(providerId: string): Target[] {
  const list = (label: string, query: Record<string, unknown>): Target => ({
    label,
    path: `/api/admin/bookings?${new URLSearchParams(query as Record<string, string>)}`,
    query,
  });
  return [
    list('list: house, default page', { service: 'house' }),
    list('list: status + service + provider', {
      service: 'house',
      status: 'completed',
      provider: providerId,
    }),
    list('list: sorted by amount', { service: 'house', sort: 'totalAmount', dir: 'asc' }),
    list('list: sorted by provider', { service: 'house', sort: 'provider', dir: 'asc' }),
    // One surname of the seed's 60 (a broad search), and one full name of its 2,400.
    list('list: search "lovelace"', { service: 'house', q: 'lovelace' }),
    list('list: search "ada lovelace"', { service: 'house', q: 'ada lovelace' }),
    list(`list: page ${DEEP_PAGE} of ${HOUSE_PAGES}`, {
      service: 'house',
      page: String(DEEP_PAGE),
    }),
    list('dashboard: 10 newest', { sort: 'createdAt', pageSize: '10' }),
    { label: 'dashboard: stats', path: '/api/admin/stats' },
    // The floor: the same session, sign-in check and answer for a 50-row read.
    { label: 'floor: provider choices', path: '/api/admin/provider-choices' },
  ];
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** Each target's own database work, one call at a time: what the queries cost unqueued. */
async function queryTimes(knex: Knex, list: Target[]) {
  const times: Record<string, { p50Ms: number; p99Ms: number }> = {};
  for (const target of list) {
    const run = target.query
      ? () => listAdminBookings(knex, adminBookingListQuerySchema.parse(target.query))
      : target.label === 'dashboard: stats'
        ? () => adminStats(knex)
        : undefined;
    if (!run) continue;
    const ms: number[] = [];
    for (let i = 0; i < QUERY_RUNS; i++) {
      const started = performance.now();
      await run();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    times[target.label] = {
      p50Ms: tenths(percentile(ms, 0.5)),
      p99Ms: tenths(percentile(ms, 0.99)),
    };
  }
  return times;
}

type Export = {
  rows: number;
  megabytes: number;
  seconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
};

/** One CSV export of every house booking, timed end to end, with the server's peak memory. */
async function timeExport(base: string, cookie: string, pid: number | undefined): Promise<Export> {
  const rssBeforeMb = processMemory(pid).rssMb;
  resetPeakMemory(pid);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/exports/bookings.csv?service=house`, {
    headers: { cookie },
  });
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  const text = await res.text();
  return {
    rows: text.split('\r\n').length - 2,
    megabytes: Math.round(Buffer.byteLength(text) / 1e5) / 10,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    rssBeforeMb,
    peakRssMb: processMemory(pid).peakMb,
  };
}

/**
 * The admin tables at ADMIN_BENCH_BOOKINGS bookings: the house list's default page, a filtered list (status,
 * service and provider), two sorts on other columns, a name search, a page deep in the list, the
 * dashboard's newest bookings and its stats cards, each under load through the whole app and
 * alone against the database; then one CSV export of every house booking.
 */
export async function adminScenario(): Promise<void> {
  const db = await benchDatabase('twinclean_bench_admin');
  const knex = createKnex(db.url);
  let results: LoadResult[];
  let queries: Awaited<ReturnType<typeof queryTimes>>;
  let exported: Export;
  try {
    await knex.migrate.latest();
    const seeding = performance.now();
    const { sessionId, providerIds } = await seedAdminPeople(knex);
    await seedAdminBookings(knex, providerIds);
    console.log(
      `admin: seeded ${ADMIN_BENCH_BOOKINGS} bookings in ${Math.round((performance.now() - seeding) / 1000)} s`,
    );
    const list = targets(providerIds[7] ?? '');
    queries = await queryTimes(knex, list);
    const cookie = signedSessionCookie(sessionId, SESSION_KEY);
    const app = await startServerProcess('bench/servers/api.ts', {
      DATABASE_URL: db.url,
      PORT: String(PORT),
    });
    const base = `http://127.0.0.1:${PORT}`;
    try {
      results = await interleaved(
        list.map((target) => ({
          label: target.label,
          url: `${base}${target.path}`,
          headers: { cookie },
        })),
        { connections: CONNECTIONS, seconds: SECONDS },
      );
      exported = await timeExport(base, cookie, app.pid);
    } finally {
      await stopServerProcess(app);
    }
  } finally {
    await knex.destroy();
    await db.close();
  }
  console.log(
    `\nadmin: ${ADMIN_BENCH_BOOKINGS} bookings, ${ADMIN_BENCH_PROVIDERS} providers, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved ${SECONDS}-second rounds; target p99 ≤ ${TARGET_P99_MS} ms. "alone" is the call's database work run ${QUERY_RUNS} times one at a time.`,
  );
  console.table(
    results.map((r) => ({
      ...r,
      aloneP50Ms: queries[r.label]?.p50Ms,
      aloneP99Ms: queries[r.label]?.p99Ms,
      target: r.p99Ms <= TARGET_P99_MS ? 'met' : 'MISSED',
    })),
  );
  console.log(
    `CSV export of every house booking: ${exported.rows} rows, ${exported.megabytes} MB in ${exported.seconds} s; server RSS ${exported.rssBeforeMb} MB before, peak ${exported.peakRssMb} MB during`,
  );
  console.log(
    `saved ${await saveResult('admin', { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, results, queries, exported })}`,
  );
}
