import type { PaymentDeps } from '../payments/ledger';
import type { JobAlerts } from '../push/job-alerts';

/** What a booking's lifecycle actions need: payments (refunds, mail) and the job alerts. */
export type LifecycleDeps = PaymentDeps & { alerts: JobAlerts };
