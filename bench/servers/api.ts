// The real app, as `npm start` runs it.
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { zipCentroidGeocoder } from '../../api/src/adapters/geocoder';
import { createMailer } from '../../api/src/adapters/mailer';
import { localGateway } from '../../api/src/adapters/payments/local-gateway';
import { webPushSender } from '../../api/src/adapters/push';
import { localDiskStorage } from '../../api/src/adapters/storage/local-disk';
import { createApp } from '../../api/src/app';
import { repoRoot } from '../../api/src/config';
import { createKnex } from '../../api/src/db/connection';
import { pgBossQueue } from '../../api/src/jobs/queue';
import { builtApps } from '../../api/src/middleware/static-apps';
import { startJobAlertWorkers } from '../../api/src/modules/push/job-alerts';
import { vapidKeys } from '../../api/src/modules/push/vapid';
import { SessionCache } from '../../api/src/sessions/session-cache';
import { keepSessionCacheCurrent } from '../../api/src/sessions/session-invalidation';

const db = createKnex(process.env.DATABASE_URL as string);
const logger = pino({ level: 'warn' });
// Accepts queue "job taken" alerts and the workers run them, as under npm start.
const jobs = pgBossQueue(db, logger);
const push = webPushSender(await vapidKeys(db, { VAPID_SUBJECT: 'mailto:bench@twinclean.test' }));
await startJobAlertWorkers({ queue: jobs, db, sender: push, logger });
// Sessions cached as server.ts does: kept current by PostgreSQL's notifications.
const sessionCache = new SessionCache();
await keepSessionCacheCurrent(db, sessionCache, logger);
const app = createApp({
  db,
  logger,
  sessionCache,
  sessionKeys: ['bench-session-key'],
  mailer: createMailer({ db, logger, from: 'bench@twinclean.test' }),
  exposeUndeliveredCodes: false,
  geocoder: zipCentroidGeocoder(),
  storage: localDiskStorage(path.join(os.tmpdir(), 'twinclean-bench-uploads')),
  jobs,
  payments: localGateway(db),
  push,
  // The money scenario's pay-link guests come from addresses of their own (rate limits).
  trustProxy: process.env.TRUST_PROXY === 'true',
  // The built front ends too, for the pages scenario.
  staticApps: builtApps(repoRoot),
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));

// Exit normally on SIGTERM so profilers (--cpu-prof) can write their output.
process.on('SIGTERM', () => process.exit(0));
