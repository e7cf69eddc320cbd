import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import webpush from 'web-push';
import { zipCentroidGeocoder } from '../adapters/geocoder';
import { createMailer } from '../adapters/mailer';
import { localGateway } from '../adapters/payments/local-gateway';
import { webPushSender } from '../adapters/push';
import { localDiskStorage } from '../adapters/storage/local-disk';
import { type AppDeps, createApp } from '../app';
import { outsideTransactionsOnly } from '../db/connection-guard';
import { answerClientErrors } from '../http/client-errors';
import { pgBossQueue } from '../jobs/queue';
import { signedSessionCookie } from '../sessions/cookie';
import { SessionCache } from '../sessions/session-cache';
import {
  keepSessionCacheCurrent,
  type SessionInvalidation,
} from '../sessions/session-invalidation';

/** This test file's photo folder (each test file runs in its own worker). */
export const uploadsDir = path.join(os.tmpdir(), `twinclean-test-uploads-${randomUUID()}`);

export const TEST_SESSION_KEY = 'test-session-key-0123456789abcdef0123';

/** This test file's VAPID keys. */
export const TEST_VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@twinclean.test' };

/**
 * The app's dependencies as tests use them: the stored mailer, codes shown, no Google, a real
 * job queue (whose workers a test starts when it wants them) and any push endpoint allowed. The
 * outside services refuse calls from inside a transaction (db/connection-guard.ts).
 */
export function testAppDeps(knex: Knex, overrides: Partial<AppDeps> = {}): AppDeps {
  const logger = pino({ level: 'silent' });
  const deps: AppDeps = {
    db: knex,
    logger,
    sessionKeys: [TEST_SESSION_KEY],
    mailer: createMailer({ db: knex, logger, from: 'TwinClean <test@twinclean.test>' }),
    exposeUndeliveredCodes: true,
    geocoder: zipCentroidGeocoder(),
    // A folder that exists only once a photo is stored; useTestServer removes it afterwards.
    storage: localDiskStorage(uploadsDir),
    jobs: pgBossQueue(knex, logger, { pollingIntervalSeconds: 0.5 }),
    push: webPushSender(TEST_VAPID),
    payments: localGateway(knex),
    anyPushEndpoint: true,
    ...overrides,
  };
  // Outside services wait on the network: never while a transaction holds a pooled connection.
  return {
    ...deps,
    mailer: outsideTransactionsOnly(deps.mailer, 'mailer'),
    storage: outsideTransactionsOnly(deps.storage, 'storage'),
    push: outsideTransactionsOnly(deps.push, 'push'),
    payments: outsideTransactionsOnly(deps.payments, 'gateway'),
  };
}

/** The real app on a real port, for the file's tests to call with fetch. */
export function useTestServer(db: { knex: Knex }, overrides: () => Partial<AppDeps> = () => ({})) {
  const handle = {
    url: '',
    server: undefined as unknown as Server,
    deps: undefined as unknown as AppDeps,
  };
  let sessions: SessionInvalidation;
  beforeAll(async () => {
    handle.deps = testAppDeps(db.knex, overrides());
    // As in production: sessions cached, and forgotten on every change (sessions/session-cache.ts).
    handle.deps.sessionCache ??= new SessionCache();
    sessions = await keepSessionCacheCurrent(db.knex, handle.deps.sessionCache, handle.deps.logger);
    const app = createApp(handle.deps);
    handle.server = app.listen(0, '127.0.0.1');
    answerClientErrors(handle.server);
    await new Promise<void>((resolve) => handle.server.once('listening', resolve));
    handle.url = `http://127.0.0.1:${(handle.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => handle.server.close(() => resolve()));
    await handle.deps.jobs.stop();
    await sessions.stop();
    rmSync(uploadsDir, { recursive: true, force: true });
  });
  return handle;
}

/** A signed session cookie for the test app's key. */
export const sessionCookie = (sessionId: string) =>
  signedSessionCookie(sessionId, TEST_SESSION_KEY);
