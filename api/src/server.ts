import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { zipCentroidGeocoder } from './adapters/geocoder';
import { createMailer } from './adapters/mailer';
import { createPaymentGateway } from './adapters/payments/create-gateway';
import { webPushSender } from './adapters/push';
import { createSms } from './adapters/sms';
import { createStorage } from './adapters/storage/storage';
import { type AppDeps, createApp } from './app';
import { type Config, loadConfig, repoRoot } from './config';
import { type Database, openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare';
import { describeDemoLogins } from './demo-logins';
import { answerClientErrors } from './http/client-errors';
import { type JobQueue, pgBossQueue } from './jobs/queue';
import { closeHttpServer, createLifecycle, type Lifecycle } from './lifecycle/lifecycle';
import { createLogger } from './logger';
import { observeDatabase } from './metrics/database';
import { startMetricsServer } from './metrics/exposure';
import { builtApps } from './middleware/static-apps';
import { createGoogleSignIn } from './modules/auth/google';
import { createHealthApp } from './modules/health/health-app';
import { vapidKeys } from './modules/push/vapid';
import { sessionKeys } from './sessions/session';
import { SessionCache } from './sessions/session-cache';
import { keepSessionCacheCurrent } from './sessions/session-invalidation';
import { startWorkers } from './workers';

export type Running = { url: string; server: Server; db: Database; lifecycle: Lifecycle };

/**
 * Starts one process of the given ROLE: `all` (npm start: everything on one port), `web`
 * (HTTP, jobs only sent) or `worker` (jobs and schedules; HTTP for its health only). Any number
 * of each share one database: sessions, jobs, schedules and locks all live in PostgreSQL.
 */
export async function startServer(): Promise<Running> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const lifecycle = createLifecycle(logger);
  try {
    const running = await start(config, logger, lifecycle);
    stopOnSignals(lifecycle);
    return running;
  } catch (error) {
    await lifecycle.stop('failed to start');
    throw error;
  }
}

async function start(config: Config, logger: Logger, lifecycle: Lifecycle): Promise<Running> {
  const db = await openDatabase(config, (line) => logger.debug({ postgres: line }));
  lifecycle.onStop('database', () => db.close());
  observeDatabase(db.knex);
  // Demo accounts share a published password: never in production.
  await prepareDatabase(db.knex, db.url, { seedDemo: config.NODE_ENV !== 'production', logger });

  const runsJobs = config.ROLE !== 'web';
  const jobs = pgBossQueue(db.knex, logger, {
    sendOnly: !runsJobs,
    cronCheckSeconds: config.CRON_CHECK_SECONDS,
  });
  lifecycle.onStop('job queue', () => jobs.stop());
  // Started now, not inside the first request that sends a job (whose id its lines would carry).
  await jobs.prepare([]);
  // pg-boss settles finished jobs without awaiting; a database hiccup there must not end the server.
  process.on('unhandledRejection', (reason) =>
    logger.error({ err: reason }, 'unhandled rejection'),
  );
  const deps = await appDeps(config, logger, db.knex, jobs, lifecycle);
  if (config.ROLE !== 'worker') {
    // Signed-in requests skip the session query while PostgreSQL tells this process what changes.
    deps.sessionCache = new SessionCache();
    const sessions = await keepSessionCacheCurrent(db.knex, deps.sessionCache, logger);
    lifecycle.onStop('session cache', () => sessions.stop());
  }
  if (runsJobs) await startWorkers(deps);

  const app: Koa =
    config.ROLE === 'worker'
      ? createHealthApp({ db: db.knex, logger, lifecycle, metricsToken: config.METRICS_TOKEN })
      : createApp(deps);
  if (config.METRICS_PORT) {
    const metrics = await startMetricsServer(
      config.METRICS_PORT,
      config.METRICS_HOST ?? config.HOST,
    );
    lifecycle.onStop('metrics', () => metrics.close());
  }
  const server = await listen(app, config);
  lifecycle.onStop('http', () => closeHttpServer(server, config.DRAIN_SECONDS * 1000));

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  announce(config, db, url);
  return { url, server, db, lifecycle };
}

async function appDeps(
  config: Config,
  logger: Logger,
  db: Knex,
  jobs: JobQueue,
  lifecycle: Lifecycle,
): Promise<AppDeps> {
  return {
    db,
    jobs,
    push: webPushSender(await vapidKeys(db, config)),
    payments: createPaymentGateway(config, db),
    anyPushEndpoint: config.NODE_ENV !== 'production',
    logger,
    geocoder: zipCentroidGeocoder(),
    storage: createStorage(config, config.DATA_DIR),
    mailer: createMailer({ db, logger, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    sms: createSms({
      db,
      logger,
      accountSid: config.SMS_ACCOUNT_SID,
      authToken: config.SMS_AUTH_TOKEN,
      from: config.SMS_FROM,
      apiUrl: config.SMS_API_URL,
    }),
    exposeUndeliveredCodes: config.NODE_ENV !== 'production',
    eta: { roadFactor: config.ETA_ROAD_FACTOR, speedKmh: config.ETA_SPEED_KMH },
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? createGoogleSignIn({
            issuer: config.OIDC_ISSUER,
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
          })
        : undefined,
    publicUrl: config.PUBLIC_URL,
    siteUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    trustProxy: config.TRUST_PROXY,
    sessionKeys: await sessionKeys(db, config.SESSION_SECRET),
    staticApps: builtApps(repoRoot),
    lifecycle,
    metricsToken: config.METRICS_TOKEN,
  };
}

async function listen(app: Koa, config: Config): Promise<Server> {
  const server = app.listen(config.PORT, config.HOST);
  answerClientErrors(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    const inUse = (error as { code?: string }).code === 'EADDRINUSE';
    throw inUse
      ? new Error(`Port ${config.PORT} is already in use. Set PORT to another port.`)
      : error;
  }
  return server;
}

/** A first signal drains and exits; a second one (Ctrl-C again) ends the process at once. */
function stopOnSignals(lifecycle: Lifecycle) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void lifecycle.stop(signal).then((clean) => process.exit(clean ? 0 : 1));
    });
  }
}

function announce(config: Config, db: Database, url: string) {
  const where = db.embedded
    ? `embedded PostgreSQL in ${path.join(config.DATA_DIR, 'postgres')}`
    : 'DATABASE_URL';
  if (config.ROLE === 'worker') {
    console.log(`\nTwinClean worker is running (health: ${url}/api/health/ready)`);
  } else {
    const role = config.ROLE === 'web' ? ' (web: jobs run in a worker)' : '';
    console.log(`\nTwinClean is running at ${url}  (provider app: ${url}/provider)${role}`);
  }
  console.log(`Database: ${where}\n`);
  if (config.NODE_ENV !== 'production' && config.ROLE !== 'worker') {
    console.log(describeDemoLogins());
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  startServer().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
