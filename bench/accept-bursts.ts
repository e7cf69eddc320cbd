import http from 'node:http';
import type { Knex } from 'knex';
import { signedSessionCookie } from '../api/src/sessions/cookie';
import { medianRun, percentile } from './harness';

/** How one burst of 50 accepts of the same job went. */
export type AcceptBurst = {
  winners: number;
  refused: number;
  firstMs: number;
  p50Ms: number;
  p99Ms: number;
};

type Provider = { id: string; sessionId: string };

/** One request; `agent: false` opens a connection of its own, as a phone waking up would. */
function post(url: string, cookie: string, agent: http.Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { cookie }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

function get(url: string, cookie: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie }, agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
}

/** 50 providers tapping Accept on the same job at once. */
async function burst(
  base: string,
  cookies: string[],
  jobId: string,
  agent: http.Agent | false,
): Promise<AcceptBurst> {
  const timings = await Promise.all(
    cookies.map(async (cookie) => {
      const started = performance.now();
      const status = await post(`${base}/api/provider/job-board/${jobId}/accept`, cookie, agent);
      return { ms: performance.now() - started, status };
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

/** A new session for each provider, so no server process has read it yet. */
async function newSessions(knex: Knex, providers: Provider[], key: string, tag: string) {
  const rows = providers.map(({ id }) => ({
    id: `bench-${tag}-${id}`,
    userId: id,
    data: { userId: id },
    expiresAt: new Date(Date.now() + 86_400_000),
  }));
  await knex('sessions').insert(rows);
  return rows.map((row) => signedSessionCookie(row.id, key));
}

/** Bursts of each kind after the first; the one with the median p99 is reported, with the range. */
const REPEATS = 5;

/** The burst with the median p99 of several, and the p99s' range. */
function median(bursts: AcceptBurst[]): AcceptBurst & { p99RangeMs: [number, number] } {
  const { run, range } = medianRun(bursts, (b) => b.p99Ms);
  return { ...run, p99RangeMs: range };
}

/**
 * Bursts of 50 accepts, each of its own open job: the first this server process answers (its
 * accept code not yet run, each request on a new connection with a session not yet read); the
 * same again in a process that has answered accepts before (cold); and by providers who have
 * just loaded the board, their connections open and sessions read (warm). A burst's p99 is its
 * slowest answer or so, so cold and warm run REPEATS times each.
 */
export async function acceptBursts(knex: Knex, base: string, providers: Provider[], key: string) {
  const jobs: string[] = await knex('bookings')
    .whereNull('providerId')
    .whereNull('canceledAt')
    .where('scheduledAt', '>', new Date())
    .limit(1 + 2 * REPEATS)
    .pluck('id');
  const job = () => jobs.shift() ?? '';
  const first = await burst(base, await newSessions(knex, providers, key, 'first'), job(), false);
  const cold: AcceptBurst[] = [];
  const warm: AcceptBurst[] = [];
  for (let round = 0; round < REPEATS; round++) {
    const cookies = await newSessions(knex, providers, key, `cold-${round}`);
    cold.push(await burst(base, cookies, job(), false));
    const open = new http.Agent({ keepAlive: true, maxSockets: providers.length });
    try {
      await Promise.all(
        cookies.map((cookie) => get(`${base}/api/provider/job-board`, cookie, open)),
      );
      warm.push(await burst(base, cookies, job(), open));
    } finally {
      open.destroy();
    }
  }
  return { first, cold: median(cold), warm: median(warm) };
}

export const describeBurst = (b: AcceptBurst & { p99RangeMs?: [number, number] }) =>
  `${b.winners} won, ${b.refused} got 409, first answer ${b.firstMs} ms, p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms${b.p99RangeMs ? ` (median of ${REPEATS} bursts; p99 ${b.p99RangeMs[0]}–${b.p99RangeMs[1]} ms)` : ''}`;
