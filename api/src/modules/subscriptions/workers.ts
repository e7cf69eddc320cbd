import type { PaymentDeps } from '../payments/ledger';
import { startGatewayCancelWorker } from './gateway-cancel';
import { sweepRenewals } from './renewals';
import { sweepVisitCharges } from './visit-charges';

export const RENEWAL_QUEUE = 'subscription-renewals';
const VISIT_CHARGE_QUEUE = 'member-visit-charges';

/**
 * The memberships' background work on pg-boss, every minute: renewals (and their retries) now
 * due, and members' visits now 12 h ahead; and cancels Stripe Billing has not taken yet. Several processes may run it: each charge happens once
 * (renewals.ts, visit-charges.ts).
 */
export async function startSubscriptionWorkers(deps: PaymentDeps): Promise<void> {
  await deps.jobs.work(RENEWAL_QUEUE, async () => {
    await sweepRenewals(deps);
  });
  await deps.jobs.work(VISIT_CHARGE_QUEUE, async () => {
    await sweepVisitCharges(deps);
  });
  await startGatewayCancelWorker(deps);
  await deps.jobs.every(RENEWAL_QUEUE, '* * * * *');
  await deps.jobs.every(VISIT_CHARGE_QUEUE, '* * * * *');
}
