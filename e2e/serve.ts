// The built app on its own database for the browser tests: a fresh database on DATABASE_URL's
// server, or a throwaway embedded PostgreSQL. Beside it: a local OpenID issuer for "Google"
// and a read-only peek at the e-mails the app stored, so tests can read their codes.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { chicagoDate, chicagoInstant, chicagoTime } from '@twinclean/shared/schedule';
import pg from 'pg';
import { DEMO_PASSWORD, seedId } from '../api/db/seeds/demo-accounts';
import { hashPassword } from '../api/src/modules/auth/passwords';
import { startServer } from '../api/src/server';
import { e2eDatabasePlace } from './database-place';
import { E2E_OIDC_CLIENT, startOidcIssuer } from './oidc-issuer';

const port = Number(process.env.PORT ?? 3100);

if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  // One database per port, so two runs on one server (a developer and CI) keep apart.
  const name = `${url.pathname.slice(1) || 'twinclean'}_e2e_${port}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  // Port and folder follow the app's port (e2eDatabasePlace). The folder is cleared at start, in
  // case a run was killed before its exit hook, and removed when this process stops: Playwright
  // sends SIGTERM (playwright.config.ts), the server stops PostgreSQL, then exits.
  const { pgPort, dataDir } = e2eDatabasePlace(port);
  process.env.EMBEDDED_PG_PORT = String(pgPort);
  rmSync(dataDir, { recursive: true, force: true });
  await mkdir(dataDir);
  // As root, PostgreSQL runs as its own user and must be able to enter this directory.
  await chmod(dataDir, 0o755);
  process.env.DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

// Behind a proxy as in production (README "Deploy"): tests that book through the API say which
// address they book from (e2e/client.ts), so the whole suite's bookings do not share the one
// 20-an-hour budget of 127.0.0.1 that the booking forms' own tests need.
process.env.TRUST_PROXY = 'true';

process.env.OIDC_ISSUER = await startOidcIssuer(
  port + 2,
  `http://127.0.0.1:${port}/api/auth/google/callback`,
);
process.env.GOOGLE_CLIENT_ID = E2E_OIDC_CLIENT.id;
process.env.GOOGLE_CLIENT_SECRET = E2E_OIDC_CLIENT.secret;

const { db } = await startServer();

/** The seeded open jobs /open-job copies, and the table of each one's details. */
const TEMPLATES = {
  house: { id: seedId(101), details: 'houseCleaningDetails' },
  carpet: { id: seedId(105), details: 'carpetCleaningDetails' },
};

// Backstage, for the tests only (never part of the app):
// GET /latest?to=ADDRESS&template=NAME → the newest stored e-mail's text;
// GET /events?booking=ID → the punches the server applied to a booking, oldest first, as JSON;
// GET /photos?booking=ID → the photos stored for a booking, oldest first: their type and when;
// POST /cancel?booking=ID → cancels a booking behind the provider's back;
// POST /start-soon?booking=ID → moves a booking to start within the hour, as if its day had
// come: a clock-in days early is refused (README "Punch rules");
// POST /open-job → a fresh open job (a copy of a seeded one) starting within the hour, so
// tests never run out and a punch now is inside the job's punch window (README "Punch rules");
// ?service=carpet copies the seeded open carpet job instead, its price still the estimate;
// ?date=YYYY-MM-DD&time=HH:MM schedules it then (Chicago time) instead;
// POST /provider → a new provider with no availability (so every open job is on their board),
// signing in with the demo password; answers their e-mail. ?vip=1 makes them VIP (marked).
createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const query = url.searchParams;
  if (url.pathname === '/open-job' && req.method === 'POST') {
    const template = TEMPLATES[query.get('service') === 'carpet' ? 'carpet' : 'house'];
    const id = await db.knex.transaction(async (trx) => {
      const {
        id: _,
        scheduledDayOfWeek,
        scheduledEndTime,
        // Generated columns, which PostgreSQL computes and refuses to be given.
        derivedStatus,
        searchText,
        createdAt,
        updatedAt,
        ...job
      } = await trx('bookings').where({ id: template.id }).first();
      // Open again whatever the tests did to the original (accepted, clocked, canceled).
      const date = query.get('date');
      const time = query.get('time');
      const start =
        date && time
          ? chicagoInstant(date, time)
          : new Date(Math.floor(Date.now() / 60_000 + 30) * 60_000);
      const [copy] = await trx('bookings')
        .insert({
          ...job,
          scheduledDate: chicagoDate(start),
          scheduledTime: chicagoTime(start),
          scheduledAt: start,
          providerId: null,
          assignedAt: null,
          enRouteAt: null,
          clockInAt: null,
          clockOutAt: null,
          canceledAt: null,
          cancellationReason: null,
          cancellationFeeCents: null,
        })
        .returning('id');
      const { bookingId: _original, ...details } = await trx(template.details)
        .where({ bookingId: template.id })
        .first();
      await trx(template.details).insert({ ...details, bookingId: copy.id });
      return copy.id as string;
    });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id }));
    return;
  }
  if (url.pathname === '/provider' && req.method === 'POST') {
    const email = `provider-${randomUUID()}@example.com`;
    await db.knex('users').insert({
      email,
      firstName: 'Jo',
      lastName: 'Fresh',
      role: 'provider',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailVerifiedAt: new Date(),
      vipMarkedAt: query.get('vip') === '1' ? new Date() : null,
    });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ email }));
    return;
  }
  if (url.pathname === '/events') {
    const rows = await db
      .knex('providerEvents')
      .where({ bookingId: query.get('booking') ?? '' })
      .orderBy('receivedAt')
      .select(
        'clientEventId',
        'type',
        'occurredAt',
        'deviceSeq',
        'offline',
        'responseStatus',
        'receivedAt',
      );
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(rows));
    return;
  }
  if (url.pathname === '/photos') {
    const rows = await db
      .knex('photos')
      .where({ bookingId: query.get('booking') ?? '' })
      .orderBy('createdAt')
      .select('photoType', 'createdAt');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(rows));
    return;
  }
  if (url.pathname === '/start-soon' && req.method === 'POST') {
    const start = new Date(Math.floor(Date.now() / 60_000 + 30) * 60_000);
    await db
      .knex('bookings')
      .where({ id: query.get('booking') ?? '' })
      .update({
        scheduledDate: chicagoDate(start),
        scheduledTime: chicagoTime(start),
        scheduledAt: start,
      });
    res.writeHead(204).end();
    return;
  }
  if (url.pathname === '/cancel' && req.method === 'POST') {
    await db
      .knex('bookings')
      .where({ id: query.get('booking') ?? '' })
      .update({ canceledAt: new Date(), cancellationReason: 'Canceled by the client' });
    res.writeHead(204).end();
    return;
  }
  const row = await db
    .knex('outboundEmails')
    .where({ toAddress: query.get('to') ?? '', template: query.get('template') ?? '' })
    .orderBy('createdAt', 'desc')
    .first();
  res.writeHead(row ? 200 : 404, { 'Content-Type': 'text/plain' }).end(row?.textBody ?? '');
}).listen(port + 1, '127.0.0.1');
