import { z } from 'zod';
import { executeRefund, type PaymentDeps, REFUND_QUEUE } from './ledger';
import { sweepBalanceRequests } from './requests';

const refundOrderSchema = z.object({
  paymentId: z.string().uuid(),
  amountCents: z.number().int().positive(),
  reason: z.string().min(1),
  createdBy: z.string().uuid().nullable(),
  key: z.string().min(1),
});

const SWEEP_EVERY_MS = 60_000;

/**
 * The payments' background work in this process: retrying queued refunds (a refund the request
 * already made is found done by its key) and asking for balances 24 h ahead. Several processes
 * may run it: each refund and each request happens once. Returns a stop function.
 */
export async function startPaymentWorkers(deps: PaymentDeps): Promise<() => void> {
  await deps.jobs.work(REFUND_QUEUE, async (data) => {
    await executeRefund(deps, refundOrderSchema.parse(data));
  });
  const sweep = () =>
    sweepBalanceRequests(deps).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'balance requests failed; next sweep retries'),
    );
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
}
