import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { seedDemoData } from '../../db/seeds/seed';
import { localGateway } from '../adapters/payments/local-gateway';
import { reconcileMoney } from '../modules/payments/reconcile';
import { browserSignedIn, killMidRequest, postJson, useWebProcesses } from '../test/app-process';
import { bookingRow } from '../test/fixtures';
import { newUser } from '../test/people';
import { useTestDatabase } from '../test/test-database';

// A `web` process SIGKILLed while money moves: a browser reporting a payment, the card form's
// payment itself, an owner's refund. The browser sees the connection drop and tries again (the
// same payment intent, the same refund request id) on another process. The retry is answered
// as documented, and the gateway's own records (local_gateway_intents, local_gateway_refunds)
// and our ledger (payments, refunds) agree: charged once, refunded once, recorded once.

const db = useTestDatabase();
const web = useWebProcesses(db);
const HOUR = 3_600_000;
const CARD = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };
let browsers = 0;
const browser = (email: string) => {
  browsers += 1;
  return browserSignedIn(web.a.url, email, `198.51.100.${browsers}`);
};

const began = new Date();
beforeAll(async () => {
  await seedDemoData(db.knex);
});

// After every kill and retry, the ledger and the gateway's own records agree to the cent.
afterAll(async () => {
  const period = { from: new Date(began.getTime() - HOUR), to: new Date(Date.now() + HOUR) };
  const result = await reconcileMoney({ db: db.knex, gateway: localGateway(db.knex) }, period);
  expect(result.checked.payments).toBeGreaterThan(0);
  expect(result.differences).toEqual([]);
});

/** A client's booking in three days, $90 due, with a payment intent for it from the API. */
async function bookingToPay() {
  const client = await newUser(db.knex, 'client');
  const [row] = await db
    .knex('bookings')
    .insert(
      bookingRow(new Date(Date.now() + 72 * HOUR), {
        clientId: client.id,
        clientEmail: client.email,
      }),
    )
    .returning('id');
  const booking = row.id as string;
  const call = await browser(client.email);
  const res = await call(web.a.url, `/api/bookings/${booking}/create-payment-intent`, postJson({}));
  expect(res.status).toBe(200);
  const intent = (await res.json()) as { paymentIntentId: string; clientSecret: string };
  return { client, booking, call, intent };
}

type Paying = Awaited<ReturnType<typeof bookingToPay>>;
const holdBooking = (booking: string) => (trx: Knex.Transaction) =>
  trx('bookings').where({ id: booking }).forUpdate().first();
const confirmOnGateway =
  ({ call, intent }: Paying) =>
  (base: string) =>
    call(
      base,
      `/api/local-gateway/intents/${intent.paymentIntentId}/confirm`,
      postJson({ clientSecret: intent.clientSecret, ...CARD }),
    );
const recordPayment =
  ({ call, booking, intent }: Paying) =>
  (base: string) =>
    call(
      base,
      `/api/bookings/${booking}/record-payment`,
      postJson({ paymentIntentId: intent.paymentIntentId }),
    );

/** What the gateway and the ledger hold for a booking's payments. */
async function moneyOf(booking: string) {
  const intents = await db
    .knex('localGatewayIntents')
    .whereRaw("metadata->>'bookingId' = ?", [booking]);
  const payments = await db.knex('payments').where({ bookingId: booking });
  const ids = payments.map((p) => p.id);
  return {
    charged: intents.filter((i) => i.status === 'succeeded').map((i) => i.amountCents),
    recorded: payments.filter((p) => p.status === 'succeeded').map((p) => p.amountCents),
    paidCents: (await db.knex('bookings').where({ id: booking }).first()).amountPaidCents,
    gatewayRefunds: (
      await db.knex('localGatewayRefunds').whereIn(
        'intentId',
        intents.map((i) => i.id),
      )
    ).map((r) => r.amountCents),
    refunds: (await db.knex('refunds').whereIn('paymentId', ids)).map((r) => r.amountCents),
    refundedCents: payments.map((p) => p.refundedCents),
  };
}

/** Each e-mail the client was sent, by template: none may go twice. */
async function mailsTo(email: string) {
  const rows = await db.knex('outboundEmails').where({ toAddress: email });
  return rows.map((row) => row.template as string).sort();
}

/** Two reports of the payment, on the processes that stayed up: one answer, one payment, one receipt. */
async function reportTwice(paying: Paying) {
  const retry = await recordPayment(paying)(web.a.url);
  expect(retry.status).toBe(200);
  const answer = await retry.json();
  expect(answer).toMatchObject({ message: 'Payment Successful', payment: { amount: '90.00' } });
  const again = await recordPayment(paying)(web.b.url);
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual(answer);
  expect(await moneyOf(paying.booking)).toMatchObject({
    charged: [9000],
    recorded: [9000],
    paidCents: 9000,
  });
  expect(await mailsTo(paying.client.email)).toEqual(['payment_receipt']);
}

describe('a web process killed while money moves', () => {
  it('records a payment once when the process it is reported to dies before writing it', async () => {
    const paying = await bookingToPay();
    // The card form paid at the gateway (played here by the gateway itself, as a tab closed
    // before anything reported it); the page reports it to a process that dies on the way.
    await localGateway(db.knex).confirm(paying.intent.paymentIntentId, {
      clientSecret: paying.intent.clientSecret,
      ...CARD,
    });
    await killMidRequest(db.knex, await web.victim(), {
      hold: holdBooking(paying.booking),
      send: recordPayment(paying),
    });
    expect(await moneyOf(paying.booking)).toMatchObject({ charged: [9000], recorded: [] });
    await reportTwice(paying);
  });

  it('records a payment and its receipt once when the process dies writing the receipt', async () => {
    const paying = await bookingToPay();
    await localGateway(db.knex).confirm(paying.intent.paymentIntentId, {
      clientSecret: paying.intent.clientSecret,
      ...CARD,
    });
    await killMidRequest(db.knex, await web.victim(), {
      // The e-mails' table: the receipt is queued in the payment's own transaction, so dying
      // there keeps neither; were it sent after the commit, the payment would stand unreceipted.
      hold: (trx) => trx.raw('LOCK TABLE outbound_emails IN SHARE MODE'),
      send: recordPayment(paying),
    });
    expect(await moneyOf(paying.booking)).toMatchObject({ charged: [9000], recorded: [] });
    await reportTwice(paying);
  });

  it('records a payment once when the process dies after the charge, before the ledger', async () => {
    const paying = await bookingToPay();
    const intentStatus = async () =>
      (await db.knex('localGatewayIntents').where({ id: paying.intent.paymentIntentId }).first())
        .status;
    await killMidRequest(db.knex, await web.victim(), {
      hold: holdBooking(paying.booking),
      send: confirmOnGateway(paying),
      // The worst moment: the card is charged, our ledger has not heard of it.
      reached: async () => (await intentStatus()) === 'succeeded',
    });
    expect(await moneyOf(paying.booking)).toMatchObject({ charged: [9000], recorded: [] });
    // The page, reloaded, reports the payment: recorded once, whichever process hears it.
    await reportTwice(paying);
  });

  for (const moment of ['claiming it', 'the gateway refunded it, before the ledger'] as const) {
    it(`refunds once when the process dies while ${moment}`, async () => {
      const paying = await bookingToPay();
      expect((await confirmOnGateway(paying)(web.a.url)).status).toBe(200);
      const payment = await db
        .knex('payments')
        .where({ bookingId: paying.booking, status: 'succeeded' })
        .first();
      const owner = await browser(demoAccounts.owner.email);
      const body = { amount: '20.00', reason: 'Missed a room', requestId: randomUUID() };
      const refund = (base: string) =>
        owner(base, `/api/admin/payments/${payment.id}/refund`, postJson(body));
      const gatewayRefunds = () =>
        db.knex('localGatewayRefunds').where({ intentId: paying.intent.paymentIntentId });
      await killMidRequest(db.knex, await web.victim(), {
        ...(moment === 'claiming it'
          ? // The payment's row, which the refund's claim locks.
            { hold: (trx) => trx('payments').where({ id: payment.id }).forUpdate().first() }
          : {
              // The booking's row, which recording the refund locks once the gateway answered.
              hold: holdBooking(paying.booking),
              reached: async () => (await gatewayRefunds()).length === 1,
            }),
        send: refund,
      });
      expect(await db.knex('refunds').where({ paymentId: payment.id })).toEqual([]);

      // The owner's dialog sends the same request again, and once more.
      const retry = await refund(web.a.url);
      expect(retry.status).toBe(200);
      const answer = await retry.json();
      expect(answer).toMatchObject({ message: 'Refund issued', payment: { refunded: '20.00' } });
      const again = await refund(web.b.url);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(answer);
      expect(await moneyOf(paying.booking)).toEqual({
        charged: [9000],
        recorded: [9000],
        paidCents: 7000,
        gatewayRefunds: [2000],
        refunds: [2000],
        refundedCents: [2000],
      });
      const audited = await db
        .knex('auditLog')
        .where({ action: 'payment.refund', entityId: payment.id });
      expect(audited).toHaveLength(1);
      const mails = await mailsTo(paying.client.email);
      expect(mails).toHaveLength(2);
      expect(new Set(mails).size).toBe(2);
    });
  }
});
