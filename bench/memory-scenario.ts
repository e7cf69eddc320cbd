import autocannon from 'autocannon';
import { demoAccounts } from '../api/db/seeds/demo-accounts';
import { seedDemoData } from '../api/db/seeds/seed';
import { createKnex } from '../api/src/db/connection';
import { signedSessionCookie } from '../api/src/sessions/cookie';
import { buildStaleApps } from '../scripts/build-apps';
import {
  benchDatabase,
  processMemory,
  saveResult,
  startServerProcess,
  stopServerProcess,
} from './harness';
import { seedBookings, seedProviders } from './provider-data';

const MINUTES = Number(process.env.MEMORY_MINUTES ?? 10);
const SAMPLE_SECONDS = 30;
const PORT = 3209;
const SESSION_KEY = 'bench-session-key';

/** A signed-in session of a demo account for the bench's cookie. */
async function demoSession(knex: ReturnType<typeof createKnex>, userId: string, id: string) {
  await knex('sessions').insert({
    id,
    userId,
    data: { userId },
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return signedSessionCookie(id, SESSION_KEY);
}

/**
 * The server's memory under 10 minutes (MEMORY_MINUTES) of mixed traffic — the public catalog
 * and home page, a client's bookings and credit, a provider's job board, an admin's booking list
 * — at 20 connections, its RSS sampled every 30 s: does it level off?
 */
export async function memoryScenario(): Promise<void> {
  // The home page is among the requests: the built site, as npm start serves it.
  await buildStaleApps();
  const db = await benchDatabase('twinclean_bench_memory');
  const knex = createKnex(db.url);
  const samples: { minute: number; rssMb: number }[] = [];
  let requests = 0;
  let afterStartMb = 0;
  try {
    await knex.migrate.latest();
    await seedDemoData(knex);
    const providers = await seedProviders(knex);
    await seedBookings(
      knex,
      providers.map((p) => p.id),
    );
    const provider = signedSessionCookie(providers[0]?.sessionId ?? '', SESSION_KEY);
    const client = await demoSession(knex, demoAccounts.client.id, 'bench-memory-client');
    const admin = await demoSession(knex, demoAccounts.owner.id, 'bench-memory-admin');
    const app = await startServerProcess('bench/servers/api.ts', {
      DATABASE_URL: db.url,
      PORT: String(PORT),
    });
    afterStartMb = processMemory(app.pid).rssMb;
    const requestKinds = [
      { method: 'GET' as const, path: '/api/add-ons' },
      { method: 'GET' as const, path: '/' },
      { method: 'GET' as const, path: '/api/bookings', headers: { cookie: client } },
      { method: 'GET' as const, path: '/api/client/credits', headers: { cookie: client } },
      { method: 'GET' as const, path: '/api/provider/job-board', headers: { cookie: provider } },
      {
        method: 'GET' as const,
        path: '/api/admin/bookings?service=house',
        headers: { cookie: admin },
      },
    ];
    try {
      for (const { path, headers } of requestKinds) {
        const res = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers });
        if (!res.ok) throw new Error(`memory: ${path} answered ${res.status}`);
      }
      const load = autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections: 20,
        duration: MINUTES * 60,
        requests: requestKinds,
      });
      const started = Date.now();
      const sampler = setInterval(() => {
        const minute = Math.round((Date.now() - started) / 6_000) / 10;
        samples.push({ minute, rssMb: processMemory(app.pid).rssMb });
        console.log(`memory: ${minute} min, RSS ${samples.at(-1)?.rssMb} MB`);
      }, SAMPLE_SECONDS * 1000);
      const result = await load;
      clearInterval(sampler);
      if (result.errors || result.non2xx) {
        throw new Error(`memory: ${result.errors} errors and ${result.non2xx} non-2xx answers`);
      }
      requests = result.requests.total;
    } finally {
      await stopServerProcess(app);
    }
  } finally {
    await knex.destroy();
    await db.close();
  }
  // RSS saws up and down with the garbage collector, so a third's peak says little: its mean and
  // its floor (what is left after a collection) show whether it still grows.
  const third = Math.floor(samples.length / 3);
  const describe = (part: typeof samples) => {
    const rss = part.map((s) => s.rssMb);
    return {
      meanMb: Math.round(rss.reduce((sum, mb) => sum + mb, 0) / Math.max(rss.length, 1)),
      floorMb: Math.min(...rss),
      peakMb: Math.max(...rss),
    };
  };
  const thirds = {
    first: describe(samples.slice(0, third)),
    middle: describe(samples.slice(third, 2 * third)),
    last: describe(samples.slice(2 * third)),
  };
  const verdict =
    samples.length < 6
      ? 'too short a run to tell'
      : thirds.last.floorMb <= thirds.middle.floorMb * 1.1 &&
          thirds.last.meanMb <= thirds.middle.meanMb * 1.1
        ? 'levelled off'
        : 'STILL GROWING';
  console.log(
    `\nmemory: ${MINUTES} min of mixed load, ${requests} requests; RSS ${afterStartMb} MB after start; by thirds of the run:`,
  );
  console.table(thirds);
  console.log(`memory: ${verdict} (the last third's mean and floor within 10% of the middle's)`);
  console.log(
    `saved ${await saveResult('memory', { minutes: MINUTES, requests, afterStartMb, samples, thirds, verdict })}`,
  );
}
