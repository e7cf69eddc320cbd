import {
  payLinkViewSchema,
  paymentIntentAnswerSchema,
  receiptSchema,
} from '@twinclean/shared/payments';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { siteUrlOf } from '../../app';
import { bookingRow } from '../../test/fixtures';
import { newUser, signedInClient } from '../../test/people';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { issuePayLink } from './pay-links';
import { sweepBalanceRequests } from './requests';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;

beforeAll(async () => {
  await seedDemoData(db.knex);
});

async function booking(
  clientId: string | null,
  hoursAhead: number,
  fields: Record<string, unknown> = {},
) {
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(new Date(Date.now() + hoursAhead * HOUR), { clientId, ...fields }))
    .returning('id');
  return row.id as string;
}

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted below
  return { status: res.status, json: (await res.json()) as any };
};

const card = (number: string) => ({ cardNumber: number, expiry: '12/40', cvc: '123' });
const confirm = (intent: { paymentIntentId: string; clientSecret: string }, number: string) =>
  post(`/api/local-gateway/intents/${intent.paymentIntentId}/confirm`, {
    clientSecret: intent.clientSecret,
    ...card(number),
  });

const paymentsOf = (bookingId: string) =>
  db.knex('payments').where({ bookingId }).orderBy('createdAt');
const paidCents = async (bookingId: string) =>
  (await db.knex('bookings').where({ id: bookingId }).first()).amountPaidCents as number;

describe('paying a booking', () => {
  it('asks the gateway for the amount the server works out, and one intent for tabs asking at once', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => call('POST', `/api/bookings/${mine}/create-payment-intent`, {})),
    );
    const intents = answers.map((a) => paymentIntentAnswerSchema.parse(a.json));
    expect(new Set(intents.map((i) => i.paymentIntentId)).size).toBe(1);
    expect(intents[0]).toMatchObject({ option: 'full', amount: '90.00', gateway: 'local' });
    expect(await paymentsOf(mine)).toHaveLength(1);
    // The deposit was never requested: only the whole amount can be paid now.
    const deposit = await call('POST', `/api/bookings/${mine}/create-payment-intent`, {
      option: 'deposit',
    });
    expect(deposit).toMatchObject({ status: 409, json: { code: 'option_unavailable' } });
  });

  it('switching between deposit and full amount cancels the other intent, never reviving one', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72, { depositRequestedAt: new Date() });
    const ask = async (option: string) =>
      paymentIntentAnswerSchema.parse(
        (await call('POST', `/api/bookings/${mine}/create-payment-intent`, { option })).json,
      );
    const asked = [];
    for (const option of ['full', 'deposit', 'full', 'deposit']) asked.push(await ask(option));
    expect(asked.map((a) => a.amount)).toEqual(['90.00', '36.00', '90.00', '36.00']);
    expect(new Set(asked.map((a) => a.paymentIntentId)).size).toBe(4);
    const rows = await paymentsOf(mine);
    expect(rows.map((r) => r.status)).toEqual([
      'canceled',
      'canceled',
      'canceled',
      'requires_payment',
    ]);
    // A canceled intent's card form cannot pay any more.
    const stale = await confirm(asked[0] as (typeof asked)[number], '4242424242424242');
    expect(stale.status).toBe(409);
    expect(await paidCents(mine)).toBe(0);
  });

  it('records a payment nobody reported before asking for another one', async () => {
    const { id, email, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72, { clientEmail: email });
    const first = paymentIntentAnswerSchema.parse(
      (await call('POST', `/api/bookings/${mine}/create-payment-intent`, {})).json,
    );
    // Paid at the gateway, but the tab closed before anything reported it.
    const gateway = api.deps.payments;
    if (gateway.name !== 'local') throw new Error('These tests run on the LocalGateway');
    await gateway.confirm(first.paymentIntentId, {
      clientSecret: first.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(await paidCents(mine)).toBe(0);
    const again = await call('POST', `/api/bookings/${mine}/create-payment-intent`, {});
    expect(again).toMatchObject({ status: 409, json: { code: 'nothing_to_pay' } });
    expect(await paidCents(mine)).toBe(9000);
    expect((await paymentsOf(mine)).map((p) => p.status)).toEqual(['succeeded']);
    expect(
      await db.knex('outboundEmails').where({ toAddress: email, template: 'payment_receipt' }),
    ).toHaveLength(1);
  });

  it('records a declined card as unpaid with the gateway’s message, then a good card once', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72);
    const intent = (await call('POST', `/api/bookings/${mine}/create-payment-intent`, {})).json;
    expect(await confirm(intent, '4000 0000 0000 0002')).toMatchObject({
      status: 200,
      json: { status: 'requires_payment_method', message: 'Your card was declined.' },
    });
    const unpaid = await call('POST', `/api/bookings/${mine}/record-payment`, {
      paymentIntentId: intent.paymentIntentId,
      amountPaid: '90.00',
    });
    expect(unpaid).toMatchObject({ status: 402, json: { message: 'Your card was declined.' } });
    expect(await paidCents(mine)).toBe(0);

    expect((await confirm(intent, '4242424242424242')).json.status).toBe('succeeded');
    // Two tabs report the same payment at once, each claiming a different amount.
    const reports = await Promise.all(
      ['1.00', '9999.00'].map((amountPaid) =>
        call('POST', `/api/bookings/${mine}/record-payment`, {
          paymentIntentId: intent.paymentIntentId,
          amountPaid,
        }),
      ),
    );
    for (const r of reports) {
      expect(r).toMatchObject({
        status: 200,
        json: { message: 'Payment Successful', payment: { amount: '90.00', cardLast4: '4242' } },
      });
    }
    const payments = await paymentsOf(mine);
    expect(payments.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await paidCents(mine)).toBe(9000);
    const status = (await call('GET', `/api/bookings/${mine}`)).json.status;
    expect(status).toBe('fully_paid');
  });

  it('takes the extra confirmation step, and refuses another booking’s payment', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72);
    const other = await booking(id, 96);
    const intent = (await call('POST', `/api/bookings/${mine}/create-payment-intent`, {})).json;
    expect((await confirm(intent, '4000002500003155')).json.status).toBe('requires_action');
    expect(await paidCents(mine)).toBe(0);
    const approved = await post(
      `/api/local-gateway/intents/${intent.paymentIntentId}/authenticate`,
      {
        clientSecret: intent.clientSecret,
        approve: true,
      },
    );
    expect(approved.json.status).toBe('succeeded');
    expect(await paidCents(mine)).toBe(9000);
    const misused = await call('POST', `/api/bookings/${other}/record-payment`, {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(misused).toMatchObject({ status: 409, json: { code: 'intent_mismatch' } });
    expect(await paidCents(other)).toBe(0);
  });

  it('refunds a payment that lands after the booking was canceled', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72);
    const intent = (await call('POST', `/api/bookings/${mine}/create-payment-intent`, {})).json;
    // The card form was still open in another tab when the booking was canceled.
    await db.knex('bookings').where({ id: mine }).update({
      canceledAt: new Date(),
      cancellationReason: 'Canceled in another tab',
    });
    expect((await confirm(intent, '4242424242424242')).json.status).toBe('succeeded');
    const [payment] = await paymentsOf(mine);
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 9000, refundedCents: 9000 });
    expect(await paidCents(mine)).toBe(0);
    const refund = await db.knex('refunds').where({ paymentId: payment.id }).first();
    expect(refund.reason).toBe('Paid after the booking was canceled');
  });

  it('answers 410 to the pay link reporting a payment that raced the cancel, never "Payment Successful"', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72);
    const link = await db.knex.transaction((trx) => issuePayLink(trx, mine, 'full'));
    const intent = (await post(`/api${link}/create-payment-intent`, {})).json;
    await db.knex('bookings').where({ id: mine }).update({
      canceledAt: new Date(),
      cancellationReason: 'Canceled by phone while the pay link was open',
    });
    // The card form pays at the gateway; the page then reports it, as its checkout does.
    const gateway = api.deps.payments;
    if (gateway.name !== 'local') throw new Error('These tests run on the LocalGateway');
    await gateway.confirm(intent.paymentIntentId, {
      clientSecret: intent.clientSecret,
      ...card('4242424242424242'),
    });
    const canceled = {
      status: 410,
      json: {
        code: 'booking_canceled',
        message: 'This booking was canceled, so your payment has been refunded to your card.',
      },
    };
    const reported = { paymentIntentId: intent.paymentIntentId };
    expect(await post(`/api${link}/record-payment`, reported)).toMatchObject(canceled);
    // Reported again (a reload, the signed-in page): the same answer, and still one refund.
    expect(await post(`/api${link}/record-payment`, reported)).toMatchObject(canceled);
    expect(await call('POST', `/api/bookings/${mine}/record-payment`, reported)).toMatchObject(
      canceled,
    );
    const [payment] = await paymentsOf(mine);
    expect(payment).toMatchObject({ status: 'succeeded', refundedCents: 9000 });
    expect(await db.knex('refunds').where({ paymentId: payment.id })).toHaveLength(1);
  });
});

describe('payment requests and pay links', () => {
  it('asks for the deposit when a provider accepts a priced job, by a pay link that dies once paid', async () => {
    const client = await newUser(db.knex);
    const job = await booking(client.id, 72, { clientEmail: client.email });
    const provider = await newUser(db.knex, 'provider');
    const providerCall = await signedInJson(api.url, provider.email);
    expect((await providerCall('POST', `/api/provider/job-board/${job}/accept`)).status).toBe(200);
    const row = await db.knex('bookings').where({ id: job }).first();
    expect(row.depositRequestedAt).toBeInstanceOf(Date);
    const [mail] = await db
      .knex('outboundEmails')
      .where({ toAddress: client.email, template: 'payment_request' });
    expect(mail.subject).toBe('Payment due: $36.00 for house cleaning');
    const link = /\/pay\/([A-Za-z0-9_-]{43})/.exec(mail.textBody);
    expect(mail.textBody).toContain(`${siteUrlOf({})}/pay/`);
    const token = link?.[1] as string;

    const view = await fetch(`${api.url}/api/pay/${token}`);
    expect(payLinkViewSchema.parse(await view.json())).toMatchObject({
      bookingId: job,
      serviceTitle: 'House Cleaning',
      paymentChoices: [
        { option: 'deposit', amount: '36.00' },
        { option: 'full', amount: '90.00' },
      ],
    });
    const intent = await post(`/api/pay/${token}/create-payment-intent`, { option: 'deposit' });
    expect(intent.json).toMatchObject({ option: 'deposit', amount: '36.00' });
    await confirm(intent.json, '4242424242424242');
    const recorded = await post(`/api/pay/${token}/record-payment`, {
      paymentIntentId: intent.json.paymentIntentId,
    });
    expect(recorded.json.message).toBe('Payment Successful');
    expect((await db.knex('bookings').where({ id: job }).first()).amountPaidCents).toBe(3600);
    // The balance is still open: the link lives on for it.
    const rest = payLinkViewSchema.parse(await (await fetch(`${api.url}/api/pay/${token}`)).json());
    expect(rest.paymentChoices).toEqual([{ option: 'balance', amount: '54.00' }]);
    const balance = await post(`/api/pay/${token}/create-payment-intent`, {});
    await confirm(balance.json, '4242424242424242');
    const dead = await fetch(`${api.url}/api/pay/${token}`);
    expect(dead.status).toBe(410);
    expect(((await dead.json()) as { message: string }).message).toBe(
      'This booking is paid. Thank you!',
    );
    const unknown = await fetch(`${api.url}/api/pay/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(
      await db
        .knex('outboundEmails')
        .where({ toAddress: client.email, template: 'payment_receipt' }),
    ).toHaveLength(2);
  });

  it('asks for the balance 24 h ahead exactly once, even from two sweeps at once', async () => {
    const client = await newUser(db.knex);
    const soon = await booking(client.id, 20, { clientEmail: client.email, amountPaidCents: 3600 });
    const later = await booking(client.id, 40, { clientEmail: client.email });
    const member = await booking(client.id, 20, {
      clientEmail: client.email,
      subscriptionType: 'standard',
    });
    const deps = { db: db.knex, mailer: api.deps.mailer, siteUrl: 'http://localhost' };
    await Promise.all([sweepBalanceRequests(deps), sweepBalanceRequests(deps)]);
    const rows = await db.knex('bookings').whereIn('id', [soon, later, member]);
    expect(rows.find((r) => r.id === soon)?.balanceRequestedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === later)?.balanceRequestedAt).toBeNull();
    expect(rows.find((r) => r.id === member)?.balanceRequestedAt).toBeNull();
    const mails = await db
      .knex('outboundEmails')
      .where({ toAddress: client.email, template: 'payment_request' });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Payment due: $54.00 for house cleaning');
    expect(
      await db.knex('paymentLinks').where({ bookingId: soon, purpose: 'balance' }),
    ).toHaveLength(1);
  });

  it('lists the client’s payments and refunds as receipts, and hides others’', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const mine = await booking(id, 72);
    const intent = (await call('POST', `/api/bookings/${mine}/create-payment-intent`, {})).json;
    await confirm(intent, '4242424242424242');
    await call('POST', `/api/bookings/${mine}/cancel`, { reason: 'Moving away' });
    const { json } = await call('GET', '/api/invoices');
    const receipts = json.map((r: unknown) => receiptSchema.parse(r));
    expect(
      receipts.map((r: { type: string; amount: string }) => [r.type, r.amount]).sort(),
    ).toEqual([
      ['payment', '90.00'],
      ['refund', '90.00'],
    ]);
    const refund = receipts.find((r: { type: string }) => r.type === 'refund');
    expect((await call('GET', `/api/invoices/${refund.id}`)).json).toMatchObject({
      reason: 'Booking canceled',
      booking: { id: mine, serviceTitle: 'House Cleaning' },
    });
    const stranger = await signedInClient(db.knex, api.url);
    expect((await stranger.call('GET', `/api/invoices/${refund.id}`)).status).toBe(404);
    expect((await stranger.call('GET', '/api/invoices')).json).toEqual([]);
  });
});
