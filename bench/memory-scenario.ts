import autocannon from 'autocannon';
import { demoAccounts } from '../api/db/seeds/demo-accounts';
import { seedDemoData } from '../api/db/seeds/seed';
import { createKnex } from '../api/src/db/connection';
import { signedSessionCookie } from '../api/src/sessions/cookie';
import { buildStaleApps } from '../scripts/build-apps';
import {
  benchDatabase,
  heapAfterGc,
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
 * — at 20 connections, its RSS and its heap after a full collection sampled every 30 s: does
 * it level off?
 */
export async function memoryScenario(): Promise<void> {
  // The home page is among the requests: the built site, as npm start serves it.
  await buildStaleApps();
  const db = await benchDatabase('twinclean_bench_memory');
  const knex = createKnex(db.url);
  const samples: { minute: number; rssMb: number; heapMb: number }[] = [];
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
    const app = await startServerProcess(
      'bench/servers/api.ts',
      {
        DATABASE_URL: db.url,
        PORT: String(PORT),
      },
      { heapProbe: true },
    );
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
      // RSS first, as it stands under load; then the heap that survives a full collection.
      const sampler = setInterval(async () => {
        const minute = Math.round((Date.now() - started) / 6_000) / 10;
        const { rssMb } = processMemory(app.pid);
        const heapMb = await heapAfterGc(app);
        samples.push({ minute, rssMb, heapMb });
        console.log(`memory: ${minute} min, RSS ${rssMb} MB, heap after a full GC ${heapMb} MB`);
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
  // RSS saws up and down with the collector, so the verdict is the heap left after a full
  // collection: a leak grows it from one third of the run to the next, garbage does not.
  const third = Math.floor(samples.length / 3);
  const describe = (part: typeof samples) => ({
    rssMeanMb: Math.round(part.reduce((sum, s) => sum + s.rssMb, 0) / Math.max(part.length, 1)),
    rssPeakMb: Math.max(...part.map((s) => s.rssMb)),
    heapPeakMb: Math.max(...part.map((s) => s.heapMb)),
  });
  const thirds = {
    first: describe(samples.slice(0, third)),
    middle: describe(samples.slice(third, 2 * third)),
    last: describe(samples.slice(2 * third)),
  };
  const verdict =
    samples.length < 6
      ? 'too short a run to tell'
      : thirds.last.heapPeakMb <= thirds.middle.heapPeakMb * 1.05 + 2
        ? 'levelled off'
        : 'STILL GROWING';
  console.log(
    `\nmemory: ${MINUTES} min of mixed load, ${requests} requests; RSS ${afterStartMb} MB after start; by thirds of the run:`,
  );
  console.table(thirds);
  console.log(
    `memory: ${verdict} (the rule: the last third's peak heap after a full GC within 5% + 2 MB of the middle third's)`,
  );
  console.log(
    `saved ${await saveResult('memory', { minutes: MINUTES, requests, afterStartMb, samples, thirds, verdict })}`,
  );
}
