import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { localGateway } from '../adapters/payments/local-gateway';
import { GiftCard } from '../models/gift-card';
import { giftCardHash, newGiftCardCode } from '../modules/gift-cards/code';
import { purchaseGiftCard } from '../modules/gift-cards/purchase';
import { dataCipher } from '../security/data-cipher';

/** A card bought through the public route's service and paid at the LocalGateway, unreported. */
async function paidAtGateway(db: Knex, recipientName: string) {
  const gateway = localGateway(db);
  const bought = await purchaseGiftCard(
    { db, gateway },
    {
      amount: '50',
      purchaserName: 'Matrix Giver',
      purchaserEmail: 'matrix.giver@example.com',
      recipientName,
      recipientEmail: 'matrix.friend@example.com',
      message: '',
      deliverOn: chicagoDate(new Date()),
    },
  );
  await gateway.confirm(bought.paymentIntentId, {
    clientSecret: bought.clientSecret,
    cardNumber: TEST_CARDS.succeeds,
    expiry: '12/40',
    cvc: '123',
  });
  return bought;
}

/** The same, recorded as paid and delivered: an unused card the owner may void or refund. */
async function unusedCard(db: Knex) {
  const bought = await paidAtGateway(db, 'Matrix Unused');
  await GiftCard.query(db)
    .findById(bought.giftCardId)
    .patch({ status: 'paid', paidAt: new Date(), deliveredAt: new Date() });
  return bought.giftCardId;
}

/** A paid card whose code the test knows, for the balance check. */
async function knownCode(db: Knex) {
  const code = newGiftCardCode();
  const cipher = await dataCipher(db);
  await GiftCard.query(db).insert({
    codeHash: giftCardHash(code),
    codeSealed: cipher.seal(code),
    codeLast4: code.slice(-4),
    amountCents: 2500,
    balanceCents: 2500,
    purchaserName: 'Matrix Giver',
    purchaserEmail: 'matrix.giver@example.com',
    recipientName: 'Matrix Checker',
    recipientEmail: 'matrix.checker@example.com',
    deliverOn: chicagoDate(new Date()),
    status: 'paid',
    gateway: 'local',
    paidAt: new Date(),
    deliveredAt: new Date(),
  });
  return code;
}

/**
 * The gift cards' resources for the access-matrix and fuzz tests: a card paid at the gateway and
 * not yet reported, two unused paid cards (to void, to refund) and a code to check. Whoever holds
 * a card's intent or code sees that card, so none of it is an owner's secret.
 */
export async function giftCardsWorld(db: Knex) {
  const reported = await paidAtGateway(db, 'Matrix Friend');
  return {
    giftCards: {
      awaiting: reported.giftCardId,
      paidIntent: reported.paymentIntentId,
      toVoid: await unusedCard(db),
      toRefund: await unusedCard(db),
      code: await knownCode(db),
    },
  };
}
