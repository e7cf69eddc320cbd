import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { localGateway } from '../adapters/payments/local-gateway';
import { addPaymentMethod } from '../modules/payment-methods/service';

const CARD = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };

/**
 * A client's saved-card resources on the LocalGateway, for the access-matrix and fuzz tests: a
 * saved card, a setup that succeeded and is not recorded yet, and setups waiting for the card
 * form and for its extra step.
 */
export async function cardWorld(db: Knex, clientId: string) {
  const gateway = localGateway(db);
  const customerId = await gateway.ensureCustomer({ id: clientId, email: '', name: '' });
  await db('users').where({ id: clientId }).update({ gatewayCustomerId: customerId });
  const setup = () => gateway.createSetupIntent({ customerId, idempotencyKey: randomUUID() });
  const confirmed = async (cardNumber: string) => {
    const intent = await setup();
    await gateway.confirmSetup(intent.id, {
      ...CARD,
      cardNumber,
      clientSecret: intent.clientSecret,
    });
    return intent;
  };
  const saved = await confirmed(CARD.cardNumber);
  const card = await addPaymentMethod({ db, gateway }, clientId, saved.id);
  const cardSetup = await confirmed(CARD.cardNumber);
  const form = await setup();
  const authentication = await confirmed('4000002500003155');
  return {
    paymentMethod: card.id,
    cardSetup: cardSetup.id,
    setupCard: { intent: form.id, clientSecret: form.clientSecret },
    setupAuthentication: { intent: authentication.id, clientSecret: authentication.clientSecret },
  };
}
