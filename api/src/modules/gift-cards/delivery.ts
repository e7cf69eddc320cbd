import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { queueMail } from '../../adapters/mailer';
import { GiftCard } from '../../models/gift-card';
import { type DataCipher, dataCipher } from '../../security/data-cipher';
import type { PaymentDeps } from '../payments/ledger';
import { giftCardDeliveryEmail } from './emails';

export type DeliveryDeps = Pick<PaymentDeps, 'db' | 'mailer' | 'siteUrl' | 'logger'>;

/** Whether a card paid at `now` is e-mailed at once: its day has come in Chicago. */
export const deliveryDue = (card: Pick<GiftCard, 'deliverOn'>, now: Date) =>
  card.deliverOn <= chicagoDate(now);

/** Queues the recipient's e-mail with the code opened from its sealed copy, in `trx`. */
export const queueDelivery = (
  trx: Knex.Transaction,
  card: GiftCard,
  cipher: DataCipher,
  siteUrl: string,
) => queueMail(trx, giftCardDeliveryEmail(card, cipher.open(card.codeSealed), siteUrl));

// A sweep sends this many at most; the next minute's takes the rest.
const BATCH = 200;

/**
 * E-mails the paid cards whose day has come and that nobody has sent yet (bought for a later
 * day). Any number of processes may sweep at once: each card is claimed by a conditional update
 * of delivered_at, and its e-mail queued in the claiming transaction, so exactly one sweep sends
 * it, and a crash after the commit leaves it to the mail outbox. A card voided or refunded before
 * its day is never sent. Returns how many this sweep sent.
 */
export async function deliverDueGiftCards(deps: DeliveryDeps, now = new Date()): Promise<number> {
  const due = await GiftCard.query(deps.db)
    .where({ status: 'paid' })
    .whereNull('deliveredAt')
    .where('deliverOn', '<=', chicagoDate(now))
    .orderBy('deliverOn')
    .limit(BATCH);
  if (due.length === 0) return 0;
  const cipher = await dataCipher(deps.db);
  let sent = 0;
  for (const card of due) {
    const mail = await deps.db.transaction(async (trx) => {
      const claimed = await GiftCard.query(trx)
        .patch({ deliveredAt: now })
        .where({ id: card.id, status: 'paid' })
        .whereNull('deliveredAt');
      return claimed ? queueDelivery(trx, card, cipher, deps.siteUrl) : null;
    });
    if (!mail) continue;
    sent += 1;
    await deps.mailer.deliver(mail);
  }
  return sent;
}
