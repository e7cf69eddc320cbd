import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/queue';
import { Refund } from '../../models/refund';
import { executeRefund, type PaymentDeps, REFUND_QUEUE, type RefundOrder } from './ledger';

// Refunds decided inside a transaction: queued with it (so a crash loses none), run right after
// it, and counted while waiting so a second decision never refunds the same money twice.

/**
 * Refund orders of these payments that are queued and not yet made (the gateway has not answered
 * them yet): what is left to refund of a payment is less by these. A queued copy of one order
 * (a retried request) counts once. Read within the transaction that holds the payments' locks.
 */
export async function unmadeRefunds(
  jobs: JobQueue,
  trx: Knex.Transaction,
  paymentIds: string[],
): Promise<RefundOrder[]> {
  const queued: RefundOrder[] = [];
  for (const paymentId of paymentIds) {
    queued.push(...((await jobs.waiting(REFUND_QUEUE, { paymentId }, trx)) as RefundOrder[]));
  }
  if (queued.length === 0) return [];
  const made = new Set(
    (
      await Refund.query(trx)
        .whereIn(
          'key',
          queued.map((order) => order.key),
        )
        .select('key')
    ).map((refund) => refund.key),
  );
  return [...new Map(queued.filter((o) => !made.has(o.key)).map((o) => [o.key, o])).values()];
}

/** Queues the refunds within the deciding transaction, so a crash before they run loses none. */
export async function queueRefunds(
  jobs: JobQueue,
  trx: Knex.Transaction,
  orders: RefundOrder[],
): Promise<void> {
  for (const order of orders) {
    await jobs.send(REFUND_QUEUE, order, { startAfterSeconds: 60, within: trx });
  }
}

/** Runs the refunds now (the request waits for them); the queued copies retry any that failed. */
export async function runRefunds(
  deps: Pick<PaymentDeps, 'db' | 'gateway' | 'logger'>,
  orders: RefundOrder[],
): Promise<void> {
  for (const order of orders) {
    await executeRefund(deps, order).catch((error: unknown) =>
      deps.logger.error({ err: error, order }, 'refund failed; the queue will retry it'),
    );
  }
}
