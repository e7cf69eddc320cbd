import type { PaymentDeps } from '../payments/ledger';
import { deliverDueGiftCards } from './delivery';
import { retryGiftCardRefunds } from './refund';

export const GIFT_CARD_QUEUE = 'gift-card-sweep';

/**
 * Every minute: e-mails the gift cards whose delivery day has come (the first minute of the day
 * in Chicago, or the first sweep after), and retries refunds the gateway did not answer. Several
 * worker processes may sweep at once: each card is sent once and refunded once.
 */
export async function startGiftCardWorkers(deps: PaymentDeps): Promise<void> {
  await deps.jobs.work(GIFT_CARD_QUEUE, async () => {
    const delivered = await deliverDueGiftCards(deps);
    const refunded = await retryGiftCardRefunds(deps);
    if (delivered + refunded > 0) deps.logger.info({ delivered, refunded }, 'gift cards swept');
  });
  await deps.jobs.every(GIFT_CARD_QUEUE, '* * * * *');
}
