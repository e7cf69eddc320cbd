import type { JobQueue } from '../../jobs/queue';
import type { TransferDeps } from './deps';
import { sweepPayouts } from './weekly-run';

export const PAYOUT_SWEEP_QUEUE = 'payout-transfers-sweep';

/** Every 5 minutes, on whichever worker pg-boss gives it to: claims when due, sends what is due. */
export async function startPayoutTransferWorkers(deps: TransferDeps & { jobs: JobQueue }) {
  await deps.jobs.work(PAYOUT_SWEEP_QUEUE, async () => {
    const result = await sweepPayouts(deps);
    if (result.claimed + result.sent + result.failed > 0) {
      deps.logger.info({ ...result }, 'weekly payouts swept');
    }
  });
  await deps.jobs.every(PAYOUT_SWEEP_QUEUE, '*/5 * * * *');
}
