import zlib from 'node:zlib';
import type { Knex } from 'knex';
import Koa from 'koa';
import compress from 'koa-compress';
import { Model } from 'objection';
import type { Logger } from 'pino';
import type { Geocoder } from './adapters/geocoder';
import type { Mailer } from './adapters/mailer';
import type { ConfiguredGateway } from './adapters/payments/create-gateway';
import type { PushSender } from './adapters/push';
import { createSms, type Sms } from './adapters/sms';
import type { Storage } from './adapters/storage/storage';
import { type ApiRouter, createRouter } from './context';
import { AppError } from './errors';
import type { Route } from './http/route';
import type { JobQueue } from './jobs/queue';
import { requestId } from './logger';
import { observeDatabase } from './metrics/database';
import { metricsEndpoint } from './metrics/exposure';
import { httpMetrics } from './metrics/http';
import { errorHandler, logAppErrors } from './middleware/error-handler';
import { jsonOnce } from './middleware/json-once';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { type StaticApp, staticApps } from './middleware/static-apps';
import { accountRoutes } from './modules/accounts/routes';
import { addOnRoutes } from './modules/add-ons/routes';
import { adminBookingRoutes } from './modules/admin/booking-routes';
import { adminFinanceRoutes } from './modules/admin/finance-routes';
import { adminRoutes } from './modules/admin/routes';
import { adminApplicationRoutes } from './modules/admin-applications/routes';
import { adminDayMoveRoutes } from './modules/admin-day-moves/routes';
import { adminDiscountCodeRoutes } from './modules/admin-discount-codes/routes';
import { adminLeadRoutes } from './modules/admin-leads/routes';
import { adminPeopleRoutes } from './modules/admin-people/routes';
import { adminPricingRoutes } from './modules/admin-pricing/routes';
import { adminSeriesRoutes } from './modules/admin-series/routes';
import { adminServiceAreaRoutes } from './modules/admin-service-area/routes';
import { adminTaxYearRoutes } from './modules/admin-tax-year/routes';
import { adminTransferRoutes } from './modules/admin-transfers/routes';
import { auctionRoutes } from './modules/auction/routes';
import type { GoogleSignIn } from './modules/auth/google';
import { authRoutes } from './modules/auth/routes';
import { bookingRoutes } from './modules/bookings/routes';
import { checklistRoutes } from './modules/checklists/routes';
import { clientBookingRoutes } from './modules/client-bookings/routes';
import { discountCodeRoutes } from './modules/discount-codes/routes';
import { earningsStatementRoutes } from './modules/earnings-statements/routes';
import { approveProposedPrice } from './modules/final-price/approvals';
import { type Draining, healthRoutes } from './modules/health/routes';
import { homeRoutes } from './modules/homes/routes';
import { leadRoutes } from './modules/leads/routes';
import { paymentMethodRoutes } from './modules/payment-methods/routes';
import { localGatewayRoutes, webhookRoute } from './modules/payments/gateway-routes';
import type { PaymentDeps } from './modules/payments/ledger';
import { paymentRoutes } from './modules/payments/routes';
import { payoutAccountRoutes } from './modules/payout-accounts/routes';
import { photoRoutes } from './modules/photos/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { providerRoutes } from './modules/provider/routes';
import { jobAlerts } from './modules/push/job-alerts';
import { pushRoutes } from './modules/push/routes';
import { ratingRoutes } from './modules/ratings/routes';
import { seriesClientRoutes } from './modules/series-manage/client-routes';
import { seriesProviderRoutes } from './modules/series-manage/provider-routes';
import { serviceAreaRoutes } from './modules/service-area/routes';
import { smsRoutes } from './modules/sms/routes';
import { membershipReports } from './modules/subscriptions/billing-events';
import { followDefaultCard } from './modules/subscriptions/membership';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { tipReports } from './modules/tips/record';
import { tipRoutes } from './modules/tips/routes';
import { visitMoveRoutes } from './modules/visit-moves/routes';
import { lowRatingAlerts } from './modules/visit-report/low-rating';
import { visitReportRoutes } from './modules/visit-report/routes';
import { DEFAULT_ETA, type EtaSettings } from './modules/visit-updates/eta';
import { type VisitUpdateDeps, visitUpdateRoutes } from './modules/visit-updates/routes';
import { originCheck } from './security/origin-check';
import { sessionMiddleware } from './sessions/session';

export type AppDeps = {
  db: Knex;
  logger: Logger;
  sessionKeys: string[];
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

/** Every API route, declared with who may call it (the access-matrix test walks this list). */
export function apiRoutes(deps: AppDeps): Route[] {
  const alerts = jobAlerts(deps.jobs, deps.logger);
  const payments = paymentDepsOf(deps);
  const gateway = deps.payments;
  const reports = { db: deps.db, storage: deps.storage, siteUrl: siteUrlOf(deps) };
  // A tip's payment reported by the gateway goes to the tips module (payments imports none of it).
  const memberships = { ...membershipReports(payments), tipPaid: tipReports(payments) };
  const gatewayRoutes =
    gateway.name === 'local'
      ? localGatewayRoutes({ ...payments, gateway }, memberships)
      : [webhookRoute(payments, memberships)];
  return [
    ...healthRoutes(deps.db, deps.lifecycle),
    ...authRoutes(deps),
    ...addOnRoutes(),
    ...pricingRoutes(),
    ...leadRoutes(deps),
    ...serviceAreaRoutes({ db: deps.db }),
    ...discountCodeRoutes({ db: deps.db }),
    ...bookingRoutes({ ...deps, alerts }),
    ...clientBookingRoutes({ ...payments, alerts }),
    ...paymentRoutes(payments, (bookingId, amount) =>
      approveProposedPrice(payments, bookingId, amount, { kind: 'pay_link' }),
    ),
    ...paymentMethodRoutes(payments, (userId) => followDefaultCard(payments, userId)),
    ...subscriptionRoutes(payments),
    ...gatewayRoutes,
    // Both gateways: onboarding and the Connect webhook answer 404 without Stripe, the form with it.
    ...payoutAccountRoutes({ db: deps.db, gateway, logger: deps.logger, siteUrl: siteUrlOf(deps) }),
    ...providerRoutes(deps.db, alerts, payments, visitUpdateDepsOf(deps)),
    ...earningsStatementRoutes({ db: deps.db }),
    ...visitUpdateRoutes(visitUpdateDepsOf(deps)),
    ...photoRoutes(deps.db, deps.storage),
    ...pushRoutes(deps),
    ...adminRoutes(deps.db),
    ...adminBookingRoutes({ ...payments, alerts }),
    ...adminFinanceRoutes(payments),
    ...adminTransferRoutes(payments),
    ...adminTaxYearRoutes({ db: deps.db }),
    ...adminServiceAreaRoutes({ db: deps.db, siteUrl: siteUrlOf(deps) }),
    ...adminDiscountCodeRoutes({ db: deps.db }),
    ...accountRoutes({ db: deps.db, mailer: deps.mailer, siteUrl: siteUrlOf(deps) }),
    ...adminApplicationRoutes({ db: deps.db, mailer: deps.mailer, siteUrl: siteUrlOf(deps) }),
    ...adminLeadRoutes(payments),
    ...adminPeopleRoutes(deps.db),
    ...adminPricingRoutes(deps.db),
    ...checklistRoutes(deps.db),
    ...homeRoutes(deps),
    ...auctionRoutes(deps),
    // A rating of 1 or 2 stars e-mails the owners the visit's report (ratings imports none of it).
    ...ratingRoutes(
      deps.db,
      lowRatingAlerts({ ...reports, mailer: deps.mailer, logger: deps.logger }),
    ),
    ...visitReportRoutes(reports),
    ...seriesClientRoutes({ ...payments, alerts }),
    ...seriesProviderRoutes({ ...payments, alerts }),
    ...adminSeriesRoutes({ ...payments, alerts }),
    ...adminDayMoveRoutes({ db: deps.db, mailer: deps.mailer, siteUrl: siteUrlOf(deps) }),
    ...visitMoveRoutes({ ...payments, alerts }),
    ...tipRoutes(payments),
    ...smsRoutes({ db: deps.db, sms: smsOf(deps), siteUrl: siteUrlOf(deps) }),
  ];
}

/** The routes in one router, so 405s know every method a path has. */
export function apiRouter(routes: Route[]): ApiRouter {
  const router = createRouter();
  for (const declared of routes) {
    router.register(declared.path, [declared.method], (ctx) => declared.run(ctx));
  }
  return router;
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** Builds the whole app from its adapters; never listens (server.ts does). */
export function createApp(deps: AppDeps): Koa {
  // Objection models run on the app's database.
  Model.knex(deps.db);
  // The pool and job-queue gauges read the same database, when scraped.
  observeDatabase(deps.db);
  const app = new Koa();
  app.on('error', logAppErrors(deps.logger));
  app.keys = deps.sessionKeys;
  // Behind a TLS-terminating proxy, trust X-Forwarded-* so cookies and ctx.secure are right.
  app.proxy = deps.trustProxy ?? false;

  // First, so every line logged for the request (the request line too) carries its id.
  app.use(requestId());
  // The log wraps the error handler so it records the status the client really got.
  app.use(requestLog(deps.logger));
  // Timed like the log: the status is the one the client got.
  app.use(httpMetrics());
  // A stopping process closes each connection after its answer, so the drain ends promptly.
  app.use(async (ctx, next) => {
    await next();
    if (deps.lifecycle?.draining) ctx.set('Connection', 'close');
  });
  // gzip or brotli for anything over 1 kB: the app's scripts and pages shrink to about a quarter.
  app.use(
    compress({ threshold: 1024, br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }),
  );
  // Inside compress (which needs the length) and outside the error handler (errors are JSON too).
  app.use(jsonOnce());
  app.use(errorHandler(deps.logger));
  // API answers are personal (a provider's jobs carry client phones): no cache keeps them, errors
  // included, unless a route says otherwise (photos).
  app.use((ctx, next) => {
    if (isApi(ctx.path)) ctx.set('Cache-Control', 'no-store');
    return next();
  });
  // Stripe's Payment Element is Stripe's script in Stripe's frames (their CSP guide).
  const stripe = deps.payments.name === 'stripe';
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
          frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
          // Radix positions popovers and toasts with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(originCheck(deps.publicUrl ? [deps.publicUrl] : []));
  // Before the session: a scraper has a token, never a session to look up.
  if (deps.metricsToken) app.use(metricsEndpoint(deps.metricsToken));
  // Only API routes read the session: a page, script or image never costs a session lookup.
  const session = sessionMiddleware(app, deps.db);
  app.use((ctx, next) => (isApi(ctx.path) ? session(ctx, next) : next()));

  app.use(async (ctx, next) => {
    await next();
    if (isApi(ctx.path) && ctx.status === 404 && ctx.body === undefined) {
      throw new AppError(404, 'not_found', `No API route for ${ctx.method} ${ctx.path}.`);
    }
  });
  const api = apiRouter(apiRoutes(deps));
  app.use(api.routes());
  app.use(
    api.allowedMethods({
      throw: true,
      methodNotAllowed: () =>
        new AppError(405, 'method_not_allowed', 'That method is not allowed on this route.'),
      // An unknown method is the request's fault too: 405, not 501, as no input earns a 5xx.
      notImplemented: () =>
        new AppError(405, 'method_not_allowed', 'That method is not allowed on this route.'),
    }),
  );
  if (deps.staticApps) app.use(staticApps(deps.staticApps));
  return app;
}
