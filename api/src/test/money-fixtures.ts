import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import type { Knex } from 'knex';
import { seedDemoData } from '../../db/seeds/seed';
import type { LocalGateway } from '../adapters/payments/local-gateway';
import { bookingRow } from './fixtures';
import { signedInClient } from './people';
import { type JsonCall, signedInJson } from './sign-in';
import { useTestDatabase } from './test-database';
import { useTestServer } from './test-server';

// Money moved the way the app moves it, for the reconciliation's tests: a client pays through
// the card form's route, the owner refunds through the admin route.

const HOUR = 3_600_000;

export type Paid = { bookingId: string; intentId: string; paymentId: string };

export function moneyFixtures(db: () => Knex, apiUrl: () => string) {
  /** A client's booking whose payment intent the app opened (a payments row waiting). */
  async function opened() {
    const client = await signedInClient(db(), apiUrl());
    const [booking] = await db()
      .table('bookings')
      .insert(bookingRow(new Date(Date.now() + 72 * HOUR), { clientId: client.id }))
      .returning('id');
    const answer = await client.call(
      'POST',
      `/api/bookings/${booking.id}/create-payment-intent`,
      {},
    );
    if (answer.status !== 200) throw new Error(`Opening a payment answered ${answer.status}`);
    return {
      bookingId: booking.id as string,
      intent: answer.json as { paymentIntentId: string; clientSecret: string },
      call: client.call,
    };
  }

  /** Paid through the card form's route with `cardNumber`; the app records what happened. */
  async function paid(cardNumber: string = TEST_CARDS.succeeds): Promise<Paid> {
    const { bookingId, intent, call } = await opened();
    await call('POST', `/api/local-gateway/intents/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      cardNumber,
      expiry: '12/40',
      cvc: '123',
    });
    const payment = await db()
      .table('payments')
      .where({ gatewayPaymentId: intent.paymentIntentId })
      .first();
    return { bookingId, intentId: intent.paymentIntentId, paymentId: payment.id };
  }

  /** The owner's refund of part of a payment, through the admin route. */
  async function refunded(owner: JsonCall, paymentId: string, amount: string) {
    const answer = await owner('POST', `/api/admin/payments/${paymentId}/refund`, {
      amount,
      reason: 'Goodwill',
      requestId: randomUUID(),
    });
    if (answer.status !== 200) throw new Error(`Refunding answered ${answer.status}`);
    const rows = await db().table('refunds').where({ paymentId }).orderBy('createdAt');
    return rows.at(-1) as { id: string; gatewayRefundId: string };
  }

  /** Paid at the gateway alone, as a tab closed before anything reported it. */
  async function paidUnreported(gateway: LocalGateway) {
    const { bookingId, intent } = await opened();
    await gateway.confirm(intent.paymentIntentId, {
      clientSecret: intent.clientSecret,
      cardNumber: TEST_CARDS.succeeds,
      expiry: '12/40',
      cvc: '123',
    });
    return { bookingId, intentId: intent.paymentIntentId };
  }

  return { opened, paid, refunded, paidUnreported };
}

/**
 * A test file's database and app on the LocalGateway, with money fixtures; `ready()` (in a
 * beforeAll) seeds it and gives the signed-in owner and the app's gateway.
 */
export function useMoneyWorld() {
  const db = useTestDatabase();
  const api = useTestServer(db, () => ({ trustProxy: true }));
  const money = moneyFixtures(
    () => db.knex,
    () => api.url,
  );
  async function ready(): Promise<{ owner: JsonCall; gateway: LocalGateway }> {
    await seedDemoData(db.knex);
    const owner = await signedInJson(api.url, 'owner@example.com');
    if (api.deps.payments.name !== 'local') throw new Error('These tests run on the LocalGateway');
    return { owner, gateway: api.deps.payments };
  }
  return { db, api, money, ready };
}
