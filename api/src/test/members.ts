import { randomUUID } from 'node:crypto';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { createSubscriptionAnswerSchema, type Plan } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { localGateway } from '../adapters/payments/local-gateway';
import { addPaymentMethod, makeDefault } from '../modules/payment-methods/service';
import { signedInClient } from './people';

// Memberships for the subscription tests: clients who have paid month 1 through the test-card
// form, and the cards their later charges go to.

export const testCard = (cardNumber: string) => ({ cardNumber, expiry: '12/40', cvc: '123' });

/** A new client who has paid month 1 of `plan` with card 4242 through the test-card form. */
export async function newMember(db: Knex, baseUrl: string, plan: Plan = 'standard') {
  const client = await signedInClient(db, baseUrl);
  const created = createSubscriptionAnswerSchema.parse(
    (
      await client.call('POST', '/api/create-subscription', {
        subscriptionType: plan,
        seniorDeclaration: plan === 'senior' ? true : undefined,
      })
    ).json,
  );
  const confirmed = await client.call(
    'POST',
    `/api/local-gateway/intents/${created.paymentIntentId}/confirm`,
    { clientSecret: created.clientSecret, ...testCard('4242424242424242') },
  );
  expect(confirmed.json).toMatchObject({ status: 'succeeded' });
  return { ...client, subscriptionId: created.subscriptionId };
}

/** Saves another test card for the client and makes it the one their charges go to. */
export async function switchCard(db: Knex, userId: string, cardNumber: string) {
  const gateway = localGateway(db);
  const user = await db('users').where({ id: userId }).first();
  const setup = await gateway.createSetupIntent({
    customerId: user.gatewayCustomerId,
    idempotencyKey: randomUUID(),
  });
  await gateway.confirmSetup(setup.id, {
    clientSecret: setup.clientSecret,
    ...testCard(cardNumber),
  });
  const saved = await addPaymentMethod({ db, gateway }, userId, setup.id);
  await makeDefault(db, userId, saved.id);
}

/** What the subscription tests read back, on the test database once it is up. */
export function memberLookups(db: () => Knex) {
  return {
    subscription: (id: string) => db()('subscriptions').where({ id }).first(),
    /** The membership bookings are priced by: users.subscription_type. */
    membershipOf: async (userId: string) =>
      (await db()('users').where({ id: userId }).first()).subscriptionType as string,
    mails: (to: string, template: string) =>
      db()('outboundEmails').where({ toAddress: to, template }),
  };
}

/** A house cleaning the wizard would send, three days ahead. */
export const houseBookingInput = (email: string) => ({
  clientFirstName: 'Cora',
  clientLastName: 'Tester',
  clientEmail: email,
  clientPhone: '612-555-0141',
  address: '4420 Upton Ave S',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55410',
  homeSize: 'medium',
  squareFeet: null,
  numberOfFloors: 1,
  bedroomCount: 2,
  fullBathroomCount: 1,
  halfBathroomCount: 0,
  hasKitchen: true,
  hasLivingRoom: true,
  greenCleaning: false,
  scheduledDate: addDays(chicagoDate(new Date()), 3),
  scheduledTime: '10:00',
});
