import { z } from 'zod';
import { executeRefund, type PaymentDeps, REFUND_QUEUE } from './ledger';
import { mailRefund } from './refund-notice';
import { sweepBalanceRequests } from './requests';

const refundOrderSchema = z.object({
  paymentId: z.string().uuid(),
  amountCents: z.number().int().positive(),
  reason: z.string().min(1),
  createdBy: z.string().uuid().nullable(),
  key: z.string().min(1),
  announce: z.boolean().optional(),
});

export const BALANCE_QUEUE = 'payment-balance-requests';

/**
 * The payments' background work, on pg-boss: retrying queued refunds (a refund the request
 * already made is found done by its key) and, every minute, asking for the balances now 24 h
 * ahead. Several processes may run it: each refund and each request happens once.
 */
export async function startPaymentWorkers(deps: PaymentDeps): Promise<void> {
  await deps.jobs.work(REFUND_QUEUE, async (data) => {
    const order = refundOrderSchema.parse(data);
    const made = await executeRefund(deps, order);
    if (made && order.announce) await mailRefund(deps, order.paymentId, made);
  });
  await deps.jobs.work(BALANCE_QUEUE, async () => {
    await sweepBalanceRequests(deps);
  });
  await deps.jobs.every(BALANCE_QUEUE, '* * * * *');
}
