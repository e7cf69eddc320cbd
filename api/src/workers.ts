import { type AppDeps, paymentDepsOf, smsOf } from './app';
import { startTallyCompaction } from './modules/admin/tallies';
import { startNewsletterWorkers } from './modules/admin-leads/newsletter-send';
import { startAuctionWorker } from './modules/auction/alerts';
import { startGiftCardWorkers } from './modules/gift-cards/workers';
import { startMailOutbox } from './modules/mail-outbox/sender';
import { startPaymentWorkers } from './modules/payments/workers';
import { startPayoutTransferWorkers } from './modules/payout-transfers/workers';
import { jobAlerts, startJobAlertWorkers } from './modules/push/job-alerts';
import { startSeriesWorkers } from './modules/series/workers';
import { startTextOutbox } from './modules/sms/sender';
import { startSubscriptionWorkers } from './modules/subscriptions/workers';

/** Every background job's handler and every schedule: what a `worker` (or `all`) process runs. */
export async function startWorkers(deps: AppDeps): Promise<void> {
  const payments = paymentDepsOf(deps);
  await startJobAlertWorkers({
    queue: deps.jobs,
    db: deps.db,
    sender: deps.push,
    logger: deps.logger,
  });
  await startAuctionWorker({ queue: deps.jobs, db: deps.db, logger: deps.logger });
  await startPaymentWorkers(payments);
  await startSubscriptionWorkers(payments);
  await startPayoutTransferWorkers(payments);
  await startNewsletterWorkers(payments);
  await startGiftCardWorkers(payments);
  await startSeriesWorkers({ ...deps, alerts: jobAlerts(deps.jobs, deps.logger) });
  await startTallyCompaction(deps.jobs, deps.db);
  await startMailOutbox(deps);
  await startTextOutbox({ ...deps, sms: smsOf(deps) });
}
