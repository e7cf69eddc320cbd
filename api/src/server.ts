import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { seedDemoData } from '../db/seeds/seed';
import { zipCentroidGeocoder } from './adapters/geocoder';
import { createMailer } from './adapters/mailer';
import { createPaymentGateway } from './adapters/payments/create-gateway';
import { webPushSender } from './adapters/push';
import { localDiskStorage } from './adapters/storage';
import { type AppDeps, createApp, paymentDepsOf } from './app';
import { loadConfig, repoRoot } from './config';
import { openDatabase } from './db/database';
import { describeDemoLogins } from './demo-logins';
import { answerClientErrors } from './http/client-errors';
import { pgBossQueue } from './jobs/queue';
import { startTallyCompaction } from './modules/admin/tallies';
import { startNewsletterWorkers } from './modules/admin-leads/newsletter-send';
import { createGoogleSignIn } from './modules/auth/google';
import { startPaymentWorkers } from './modules/payments/workers';
import { startJobAlertWorkers } from './modules/push/job-alerts';
import { vapidKeys } from './modules/push/vapid';
import { startVisitCompleteEmails } from './modules/ratings/completion-email';
import { startSubscriptionWorkers } from './modules/subscriptions/workers';
import { sessionKeys } from './sessions/session';

/** Starts everything on one port: database (embedded unless DATABASE_URL), migrations, seed, app. */
export async function startServer() {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const db = await openDatabase(config, (line) => logger.debug({ postgres: line }));
  try {
    await db.knex.migrate.latest();
    const { count } = (await db.knex('users').count({ count: '*' }).first()) as { count: number };
    // Demo accounts share a published password: never in production.
    if (Number(count) === 0 && config.NODE_ENV !== 'production') {
      logger.info('empty database: loading demo data');
      await seedDemoData(db.knex);
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  const jobs = pgBossQueue(db.knex, logger);
  let push: ReturnType<typeof webPushSender>;
  try {
    push = webPushSender(await vapidKeys(db.knex, config));
    await startJobAlertWorkers({ queue: jobs, db: db.knex, sender: push, logger });
  } catch (error) {
    await jobs.stop();
    await db.close();
    throw error;
  }
  // pg-boss settles finished jobs without awaiting; a database hiccup there must not end the server.
  process.on('unhandledRejection', (reason) =>
    logger.error({ err: reason }, 'unhandled rejection'),
  );
  const deps: AppDeps = {
    db: db.knex,
    jobs,
    push,
    payments: createPaymentGateway(config, db.knex),
    anyPushEndpoint: config.NODE_ENV !== 'production',
    logger,
    geocoder: zipCentroidGeocoder(),
    storage: localDiskStorage(path.join(config.DATA_DIR, 'uploads')),
    mailer: createMailer({ db: db.knex, logger, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    exposeUndeliveredCodes: config.NODE_ENV !== 'production',
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
    sessionKeys: await sessionKeys(db.knex, config.SESSION_SECRET),
    staticApps: [
      { mount: '/', root: path.join(repoRoot, 'web/dist') },
      { mount: '/provider', root: path.join(repoRoot, 'pwa/dist') },
    ],
  };
  try {
    await startPaymentWorkers(paymentDepsOf(deps));
    await startSubscriptionWorkers(paymentDepsOf(deps));
    await startNewsletterWorkers(paymentDepsOf(deps));
    await startVisitCompleteEmails(paymentDepsOf(deps));
    await startTallyCompaction(jobs, db.knex);
  } catch (error) {
    await jobs.stop();
    await db.close();
    throw error;
  }
  const app = createApp(deps);
  const server = app.listen(config.PORT, config.HOST);
  answerClientErrors(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    await jobs.stop();
    await db.close();
    const inUse = (error as { code?: string }).code === 'EADDRINUSE';
    throw inUse
      ? new Error(`Port ${config.PORT} is already in use. Set PORT to another port.`)
      : error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const where = db.embedded
    ? `embedded PostgreSQL in ${path.join(config.DATA_DIR, 'postgres')}`
    : 'DATABASE_URL';
  console.log(`\nTwinClean is running at ${url}  (provider app: ${url}/provider)`);
  console.log(`Database: ${where}\n`);
  if (config.NODE_ENV !== 'production') console.log(describeDemoLogins());
  return { url, server, db };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  startServer().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
