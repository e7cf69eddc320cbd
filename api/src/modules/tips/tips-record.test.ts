import { randomUUID } from 'node:crypto';
import { payoutsPageSchema } from '@twinclean/shared/admin';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { providerPayoutSchema } from '@twinclean/shared/provider-jobs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalGateway } from '../../adapters/payments/local-gateway';
import { useMoneyWorld } from '../../test/money-fixtures';
import { newUser, signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { finishedVisit } from '../../test/tips-world';
import { reconcileMoney } from '../payments/reconcile';

const { db, api, money, ready } = useMoneyWorld();
let owner: JsonCall;
let gateway: LocalGateway;
let provider: { id: string; email: string };
beforeAll(async () => {
  ({ owner, gateway } = await ready());
  provider = await newUser(db.knex, 'provider', { firstName: 'Pia' });
});

const card = { cardNumber: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' };
const payoutOf = async (bookingId: string) =>
  db.knex('payouts').where({ bookingId }).first() as Promise<{ id: string; tipCents: number }>;
const bookingMoney = async (id: string) =>
  db
    .knex('bookings')
    .where({ id })
    .first('amountPaidCents', 'totalAmountCents', 'depositAmountCents', 'goodwillRefundCents');
const tipMails = () => db.knex('outboundEmails').where({ template: 'tip_received' });

/** A client's finished visit and a tip intent opened for it through the route. */
async function tipOpened(body: unknown = { percent: 20 }) {
  const client = await signedInClient(db.knex, api.url);
  const visit = await finishedVisit(db.knex, { clientId: client.id, providerId: provider.id });
  const intent = await client.call('POST', `/api/bookings/${visit}/tips`, body);
  expect(intent.status).toBe(200);
  return {
    client,
    visit,
    intent: intent.json as { paymentIntentId: string; clientSecret: string },
  };
}

describe('recording a tip', () => {
  it('records it once across the card form, the browser and a replay: one payment, one payout line, one e-mail', async () => {
    const { client, visit, intent } = await tipOpened();
    const booking = await bookingMoney(visit);
    const mailsBefore = (await tipMails()).length;
    // The LocalGateway's card form reports the payment itself, as Stripe's webhook would.
    const confirmed = await fetch(
      `${api.url}/api/local-gateway/intents/${intent.paymentIntentId}/confirm`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientSecret: intent.clientSecret, ...card }),
      },
    );
    expect(confirmed.status).toBe(200);
    expect((await payoutOf(visit)).tipCents).toBe(2700);

    const record = () =>
      client.call('POST', `/api/bookings/${visit}/tips/record`, {
        paymentIntentId: intent.paymentIntentId,
      });
    const first = await record();
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      message: 'Thank you! Your tip goes to Pia in full.',
      tip: { amount: '27.00' },
    });
    const settled = await snapshot(db.knex);
    const replay = await record();
    expect(replay.json).toEqual(first.json);
    expect(await snapshot(db.knex)).toBe(settled);

    const rows = await db.knex('payments').where({ bookingId: visit });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'tip', status: 'succeeded', amountCents: 2700 });
    expect((await payoutOf(visit)).tipCents).toBe(2700);
    // The payout's own total is untouched: the tip is a line of its own.
    expect((await payoutOf(visit)) as unknown).toMatchObject({ totalAmountCents: 7500 });
    expect(await bookingMoney(visit)).toEqual(booking);
    const mails = await tipMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toMatchObject({ toAddress: provider.email, subject: 'You got a tip' });
    expect(mails.at(-1).textBody).toContain('tipped you $27.00');
  });

  it('records a tip the browser reports first, once, when nothing else did', async () => {
    const { client, visit, intent } = await tipOpened({ amount: '10' });
    // Paid at the gateway alone: a tab that reports it, twice at once.
    await gateway.confirm(intent.paymentIntentId, { clientSecret: intent.clientSecret, ...card });
    const path = `/api/bookings/${visit}/tips/record`;
    const both = await Promise.all([
      client.call('POST', path, { paymentIntentId: intent.paymentIntentId }),
      client.call('POST', path, { paymentIntentId: intent.paymentIntentId }),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect((await payoutOf(visit)).tipCents).toBe(1000);
    expect(await db.knex('payments').where({ bookingId: visit, status: 'succeeded' })).toHaveLength(
      1,
    );
  });

  it("refuses an unpaid intent, another visit's, and a booking payment's, and writes nothing", async () => {
    const { client, visit, intent } = await tipOpened();
    const other = await tipOpened();
    const bookingPayment = await money.paid();
    const path = `/api/bookings/${visit}/tips/record`;
    const before = await snapshot(db.knex);
    const unpaid = await client.call('POST', path, { paymentIntentId: intent.paymentIntentId });
    expect(unpaid.status).toBe(402);
    await gateway.confirm(other.intent.paymentIntentId, {
      clientSecret: other.intent.clientSecret,
      ...card,
    });
    const afterOther = await snapshot(db.knex);
    const theirs = await client.call('POST', path, {
      paymentIntentId: other.intent.paymentIntentId,
    });
    expect(theirs).toMatchObject({ status: 409, json: { code: 'intent_mismatch' } });
    const notATip = await client.call('POST', path, { paymentIntentId: bookingPayment.intentId });
    expect(notATip).toMatchObject({ status: 409, json: { code: 'intent_mismatch' } });
    const unknown = await client.call('POST', path, { paymentIntentId: 'pi_local_nothing' });
    expect(unknown.status).toBe(404);
    expect(await snapshot(db.knex)).toBe(afterOther);
    expect(before).not.toBe(afterOther); // the confirm itself wrote the gateway's side
    expect((await payoutOf(visit)).tipCents).toBe(0);
  });
});

describe('a tip beside what the visit still owes', () => {
  it("neither cancels nor is taken for the booking's own payment", async () => {
    const { client, visit, intent } = await tipOpened({ amount: '20' });
    const paying = await client.call('POST', `/api/bookings/${visit}/create-payment-intent`, {});
    expect(paying.json).toMatchObject({ option: 'full', amount: '135.00' });
    // The booking's intent does not replace the tip's: both stay payable.
    const tip = await db
      .knex('payments')
      .where({ gatewayPaymentId: intent.paymentIntentId })
      .first();
    expect(tip.status).toBe('requires_payment');
    // A tip paid but not yet reported is no unreported booking payment.
    await gateway.confirm(intent.paymentIntentId, { clientSecret: intent.clientSecret, ...card });
    const again = await client.call('POST', `/api/bookings/${visit}/create-payment-intent`, {});
    expect(again.json).toMatchObject({ option: 'full', amount: '135.00' });
    expect(await bookingMoney(visit)).toMatchObject({ amountPaidCents: 0 });
    expect((await payoutOf(visit)).tipCents).toBe(0);
  });
});

describe('the tip on the payouts', () => {
  it("shows on the provider's payouts and the admin's payouts and CSV as its own line", async () => {
    const { visit, intent } = await tipOpened({ amount: '15' });
    await fetch(`${api.url}/api/local-gateway/intents/${intent.paymentIntentId}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientSecret: intent.clientSecret, ...card }),
    });
    const signedIn = await signedInJson(api.url, provider.email);
    const payout = await payoutOf(visit);

    const mine = await signedIn('GET', '/api/provider/payouts');
    const line = (mine.json as unknown[])
      .map((p) => providerPayoutSchema.parse(p))
      .find((p) => p.id === payout.id);
    expect(line).toMatchObject({ tip: '15.00', totalAmount: '75.00' });

    const staff = await signedInJson(api.url, 'staff@example.com');
    const page = payoutsPageSchema.parse(
      (await staff('GET', `/api/admin/payouts?providerId=${provider.id}`)).json,
    );
    expect(page.items.find((p) => p.id === payout.id)).toMatchObject({
      tip: '15.00',
      totalAmount: '75.00',
    });
    const download = await signInAs(api.url, 'staff@example.com');
    const csv = await (
      await download(`/api/admin/exports/payouts.csv?providerId=${provider.id}`)
    ).text();
    const [header, ...rows] = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(header?.split(',').slice(-2)).toEqual(['Tip', 'Tip Owed']);
    expect(rows.filter((r) => r.endsWith(',15.00,0.00'))).toHaveLength(1);
  });
});

describe("the owner's refund of a tip", () => {
  it('lowers the tip line in the same ledger transaction, changes no booking amount, and reconciles', async () => {
    const from = new Date();
    const { client, visit, intent } = await tipOpened({ amount: '30' });
    await gateway.confirm(intent.paymentIntentId, { clientSecret: intent.clientSecret, ...card });
    await client.call('POST', `/api/bookings/${visit}/tips/record`, {
      paymentIntentId: intent.paymentIntentId,
    });
    const booking = await bookingMoney(visit);
    const payment = await db
      .knex('payments')
      .where({ gatewayPaymentId: intent.paymentIntentId })
      .first();

    await money.refunded(owner, payment.id, '12.00');
    expect((await payoutOf(visit)).tipCents).toBe(1800);
    expect(await bookingMoney(visit)).toEqual(booking);
    // Nor does the booking's page count the tip's refund as the booking's (for the client or
    // the admins): the tip's refund is the tip's.
    const seen = await client.call('GET', `/api/bookings/${visit}`);
    expect(seen.json).toMatchObject({ amountRefunded: '0.00' });
    expect((await owner('GET', `/api/admin/bookings/${visit}`)).json).toMatchObject({
      price: { amountRefunded: '0.00' },
    });
    const audit = await db
      .knex('auditLog')
      .where({ entity: 'payment', entityId: payment.id })
      .first();
    expect(audit.after).not.toHaveProperty('bookingTotal');

    await money.refunded(owner, payment.id, '18.00');
    expect((await payoutOf(visit)).tipCents).toBe(0);
    expect(await bookingMoney(visit)).toEqual(booking);
    const more = await owner('POST', `/api/admin/payments/${payment.id}/refund`, {
      amount: '1.00',
      reason: 'Again',
      requestId: randomUUID(),
    });
    expect(more).toMatchObject({ status: 409, json: { code: 'nothing_to_refund' } });

    const result = await reconcileMoney(
      { db: db.knex, gateway },
      { from, to: new Date(Date.now() + 1_000) },
    );
    expect(result.differences).toEqual([]);
    expect(result.checked).toEqual({ payments: 1, refunds: 2 });
  });
});
