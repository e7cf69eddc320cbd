import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Geocoder } from './adapters/geocoder';
import type { Mailer } from './adapters/mailer';
import type { ConfiguredGateway } from './adapters/payments/create-gateway';
import type { PushSender } from './adapters/push';
import { createSms, type Sms } from './adapters/sms';
import type { Storage } from './adapters/storage/storage';
import type { JobQueue } from './jobs/queue';
import type { StaticApp } from './middleware/static-apps';
import type { GoogleSignIn } from './modules/auth/google';
import type { Draining } from './modules/health/routes';
import type { PaymentDeps } from './modules/payments/ledger';
import { DEFAULT_ETA, type EtaSettings } from './modules/visit-updates/eta';
import type { VisitUpdateDeps } from './modules/visit-updates/routes';
import type { SessionCache } from './sessions/session-cache';

// What the app is built from (its adapters and settings), and what its modules are given of it.

export type AppDeps = {
  db: Knex;
  logger: Logger;
  sessionKeys: string[];
  /** Sessions read lately, trusted while PostgreSQL tells this process what changes (server.ts). */
  sessionCache?: SessionCache;
  mailer: Mailer;
  /** Texts: Twilio when SMS_* is set (server.ts); absent, they are kept (the stored default). */
  sms?: Sms;
  geocoder: Geocoder;
  storage: Storage;
  /** Background work (job alerts); its workers run where server.ts starts them. */
  jobs: JobQueue;
  push: PushSender;
  /** Stripe when configured, else the LocalGateway (adapters/payments/create-gateway.ts). */
  payments: ConfiguredGateway;
  /** Accept any push endpoint (a local push service); production takes known push services only. */
  anyPushEndpoint?: boolean;
  /** Outside production, codes the mailer could not deliver are shown to the user. */
  exposeUndeliveredCodes: boolean;
  google?: GoogleSignIn | undefined;
  /** The site's public address (OAuth redirects, allowed Origin). */
  publicUrl?: string | undefined;
  /** Where links in e-mails point: PUBLIC_URL, or this machine's address under npm start. */
  siteUrl?: string;
  trustProxy?: boolean;
  /** Built front ends to serve; absent in API-only tests. */
  staticApps?: StaticApp[];
  /** METRICS_TOKEN: GET /metrics answers a scraper bearing it; without it the path is unknown. */
  metricsToken?: string | undefined;
  /** The process's stop state (lifecycle/lifecycle.ts): not ready, and no keep-alive, once stopping. */
  lifecycle?: Draining;
  /** ETA_ROAD_FACTOR and ETA_SPEED_KMH: how "on my way" estimates the arrival (README). */
  eta?: EtaSettings;
};

/** The app's texts: its adapter, or the stored default (tests and npm start without SMS_*). */
export const smsOf = (deps: Pick<AppDeps, 'sms' | 'db' | 'logger'>): Sms =>
  deps.sms ?? createSms({ db: deps.db, logger: deps.logger });

/** The site's address for links in e-mails. */
export const siteUrlOf = (deps: Pick<AppDeps, 'publicUrl' | 'siteUrl'>) =>
  deps.siteUrl ?? deps.publicUrl ?? 'http://localhost:3000';

/** What the payment modules work with, from the app's adapters. */
export const paymentDepsOf = (deps: AppDeps): PaymentDeps => ({
  db: deps.db,
  gateway: deps.payments,
  mailer: deps.mailer,
  logger: deps.logger,
  jobs: deps.jobs,
  siteUrl: siteUrlOf(deps),
});

/** What the visit updates (on my way, arrived, done) are told and sent with. */
export const visitUpdateDepsOf = (deps: AppDeps): VisitUpdateDeps => ({
  db: deps.db,
  siteUrl: siteUrlOf(deps),
  mailer: deps.mailer,
  sms: smsOf(deps),
  replyNumber: smsOf(deps).replyNumber,
  logger: deps.logger,
  eta: deps.eta ?? DEFAULT_ETA,
});
