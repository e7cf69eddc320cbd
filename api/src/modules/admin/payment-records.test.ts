import { randomUUID } from 'node:crypto';
import { paymentRecordsPageSchema, refundAnswerSchema } from '@twinclean/shared/admin-payments';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { localGateway } from '../../adapters/payments/local-gateway';
import { paymentDepsOf } from '../../app';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { subscriptionWorld } from '../../test/subscription-world';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { executeRefund, REFUND_QUEUE, type RefundOrder } from '../payments/ledger';
import { sweepBalanceRequests } from '../payments/requests';
import { startPaymentWorkers } from '../payments/workers';
import { chargeVisit } from '../subscriptions/visit-charges';

const db = useTestDatabase();
/** While true the gateway does not answer refunds, as when it is down. */
let gatewayDown = false;
const api = useTestServer(db, () => {
  const gateway = localGateway(db.knex);
  return {
    payments: {
      ...gateway,
      refund: (input) =>
        gatewayDown ? Promise.reject(new Error('connect ECONNREFUSED')) : gateway.refund(input),
    },
  };
});

let owner: JsonCall;
let staff: JsonCall;

beforeAll(async () => {
  await seedDemoData(db.knex);
  owner = await signedInJson(api.url, 'owner@example.com');
  staff = await signedInJson(api.url, 'staff@example.com');
});

/** A new client's booking paid in full through the LocalGateway and recorded, as checkout does. */
async function paidBooking(hours = 2) {
  const cents = hours * 4500;
  const client = await newUser(db.knex, 'client');
  const [booking] = await db
    .knex('bookings')
    .insert(
      bookingRow(
        new Date(Date.now() + 3 * 86_400_000),
        {
          clientId: client.id,
          clientFirstName: 'Cora',
          clientLastName: 'Tester',
          clientEmail: client.email,
          amountPaidCents: cents,
        },
        hours,
      ),
    )
    .returning('id');
  const gateway = localGateway(db.knex);
  const intent = await gateway.createIntent({
    amountCents: cents,
    description: 'test',
    metadata: { bookingId: booking.id, option: 'full' },
    idempotencyKey: randomUUID(),
  });
  await gateway.confirm(intent.id, {
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
    clientSecret: intent.clientSecret,
  });
  const [payment] = await db
    .knex('payments')
    .insert({
      userId: client.id,
      bookingId: booking.id,
      gateway: 'local',
      gatewayPaymentId: intent.id,
      kind: 'full',
      amountCents: cents,
      status: 'succeeded',
      cardLast4: '4242',
    })
    .returning('id');
  return { id: payment.id as string, bookingId: booking.id as string, intent: intent.id, client };
}

const list = async (query: string) => {
  const answer = await staff('GET', `/api/admin/payment-records?${query}`);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return paymentRecordsPageSchema.parse(answer.json);
};
const ids = async (query: string) => (await list(query)).items.map((r) => r.id);
const refund = (id: string, body: Record<string, unknown>, as = owner) =>
  as('POST', `/api/admin/payments/${id}/refund`, body);

describe('payment records', () => {
  it('lists every payment newest first, with its client, what it paid for and its refunds', async () => {
    const older = await paidBooking();
    const newer = await paidBooking(1);
    const member = await newUser(db.knex, 'client');
    await subscriptionWorld(db.knex, member.id);
    const done = await refund(older.id, { amount: '10', reason: 'Late', requestId: randomUUID() });
    expect(done.status).toBe(200);

    const page = await list('');
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    const at = (id: string) => page.items.findIndex((r) => r.id === id);
    expect(at(newer.id)).toBeLessThan(at(older.id));
    const record = page.items[at(older.id)];
    expect(record).toMatchObject({
      kind: 'full',
      status: 'succeeded',
      amount: '90.00',
      refunded: '10.00',
      refundable: '80.00',
      gateway: 'local',
      gatewayPaymentId: older.intent,
      client: { id: older.client.id, name: 'Cora Tester', email: older.client.email },
      subject: { type: 'booking', id: older.bookingId, city: 'Minneapolis', state: 'MN' },
      refunds: [{ amount: '10.00', reason: 'Late', createdBy: 'Dana Berg' }],
    });
    const gatewayRefundId = record?.refunds[0]?.gatewayRefundId ?? '';
    expect(gatewayRefundId).toMatch(/^re_local_/);
    const membership = (await list(`search=${encodeURIComponent(member.email)}`)).items;
    expect(membership).toMatchObject([
      { kind: 'subscription', subject: { type: 'subscription', plan: 'standard' } },
    ]);

    // Search: the client's e-mail, their name, a payment's or a refund's gateway id.
    expect(await ids(`search=${encodeURIComponent(newer.client.email.toUpperCase())}`)).toEqual([
      newer.id,
    ]);
    expect(await ids(`search=${older.intent}`)).toEqual([older.id]);
    expect(await ids(`search=${gatewayRefundId}`)).toEqual([older.id]);
    expect(await ids('search=cora%20tes')).toEqual(expect.arrayContaining([older.id, newer.id]));
    // A wildcard is a character like any other.
    expect(await ids('search=%25')).toEqual([]);
    expect(await ids('kind=subscription')).not.toContain(older.id);
    expect(await ids('kind=full&status=succeeded')).toContain(older.id);
    expect(await ids('status=failed')).not.toContain(older.id);
    const today = chicagoDate(new Date());
    expect(await ids(`from=${today}&to=${today}`)).toContain(older.id);
    expect(await ids(`to=${addDays(today, -1)}`)).not.toContain(older.id);
    expect(await ids(`from=${addDays(today, 1)}`)).toEqual([]);

    for (const bad of ['kind=gift', 'status=paid', 'from=2026-02-30', 'page=0', 'page=x']) {
      const answer = await staff('GET', `/api/admin/payment-records?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.json.message, bad).toBeTruthy();
    }
    const backwards = await staff(
      'GET',
      `/api/admin/payment-records?from=${today}&to=${addDays(today, -1)}`,
    );
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.json)).toContain('The start date must be on or before');
  });

  it('pages fifty at a time with the total', async () => {
    const mine = await paidBooking(1);
    const total = (await list('')).total;
    expect(total).toBeGreaterThanOrEqual(3);
    const last = Math.ceil(total / 50);
    expect((await list(`page=${last + 1}`)).items).toEqual([]);
    expect(await ids('page=1')).toContain(mine.id);
  });
});

describe('refunds', () => {
  it('a goodwill refund lowers what the booking costs: nothing is asked for or charged again', async () => {
    // Paid in full, 20 hours ahead: inside the balance request's 24 hours and the member's 12.
    const paid = await paidBooking();
    const soon = new Date(Date.now() + 10 * 3_600_000);
    await db.knex('bookings').where({ id: paid.bookingId }).update({ scheduledAt: soon });
    const done = await refund(paid.id, {
      amount: '5.00',
      reason: 'Goodwill',
      requestId: randomUUID(),
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(await db.knex('bookings').where({ id: paid.bookingId }).first()).toMatchObject({
      totalAmountCents: 8500,
      amountPaidCents: 8500,
      goodwillRefundCents: 500,
    });
    const client: JsonCall = await signedInJson(api.url, paid.client.email);
    const view = await client('GET', `/api/bookings/${paid.bookingId}`);
    expect(view.json).toMatchObject({ totalAmount: '85.00', amountPaid: '85.00' });
    expect(view.json.paymentChoices).toEqual([]);
    const deps = paymentDepsOf(api.deps);
    await sweepBalanceRequests(deps);
    // Were the client a member, the visit charge 12 hours ahead would find nothing to charge.
    await db
      .knex('bookings')
      .where({ id: paid.bookingId })
      .update({ subscriptionType: 'standard' });
    expect(await chargeVisit(deps, paid.bookingId, new Date())).toBeNull();
    const asked = await db
      .knex('outboundEmails')
      .where({ toAddress: paid.client.email })
      .whereIn('template', ['payment_request', 'visit_charge_failed']);
    expect(asked).toEqual([]);
    expect(await db.knex('paymentLinks').where({ bookingId: paid.bookingId })).toEqual([]);
    const [audited] = await db
      .knex('auditLog')
      .where({ entityId: paid.id, action: 'payment.refund' });
    expect(audited).toMatchObject({
      before: { bookingTotal: '90.00' },
      after: { bookingTotal: '85.00', amount: '5.00' },
    });
  });

  it('refunds part and then the rest: the gateway, the ledger, the audit log and the client hear of it', async () => {
    const paid = await paidBooking();
    const requestId = randomUUID();
    const first = await refund(paid.id, { amount: '30.5', reason: ' Missed a room ', requestId });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(refundAnswerSchema.parse(first.json)).toMatchObject({
      message: 'Refund issued',
      payment: { refunded: '30.50', refundable: '59.50', refunds: [{ reason: 'Missed a room' }] },
    });
    // The same request again (a retry after a lost answer): one refund, one audit row.
    const again = await refund(paid.id, { amount: '30.50', reason: 'Missed a room', requestId });
    expect(again.status).toBe(200);
    expect(again.json.payment.refunds).toHaveLength(1);
    const reused = await refund(paid.id, { amount: '1.00', reason: 'Missed a room', requestId });
    expect(reused.status).toBe(422);

    const tooMuch = await refund(paid.id, {
      amount: '59.51',
      reason: 'Everything',
      requestId: randomUUID(),
    });
    expect(tooMuch).toMatchObject({
      status: 400,
      json: {
        code: 'refund_too_large',
        message: 'At most $59.50 of this payment is left to refund.',
      },
    });
    const rest = await refund(paid.id, {
      amount: '59.50',
      reason: 'Canceled',
      requestId: randomUUID(),
    });
    expect(rest.json.payment).toMatchObject({ refunded: '90.00', refundable: '0.00' });
    const none = await refund(paid.id, { amount: '1', reason: 'More', requestId: randomUUID() });
    expect(none).toMatchObject({ status: 409, json: { code: 'nothing_to_refund' } });

    const gatewayRefunds = await db
      .knex('localGatewayRefunds')
      .where({ intentId: paid.intent })
      .orderBy('amountCents');
    expect(gatewayRefunds.map((r) => r.amountCents)).toEqual([3050, 5950]);
    const booking = await db.knex('bookings').where({ id: paid.bookingId }).first();
    expect(booking.amountPaidCents).toBe(0);
    const ownerRow = await db.knex('users').where({ email: 'owner@example.com' }).first();
    const log = await db
      .knex('auditLog')
      .where({ entity: 'payment', entityId: paid.id })
      .orderBy('id');
    expect(log).toMatchObject([
      {
        action: 'payment.refund',
        actorId: ownerRow.id,
        before: { refunded: '0.00' },
        after: { refunded: '30.50', amount: '30.50', reason: 'Missed a room' },
      },
      { before: { refunded: '30.50' }, after: { refunded: '90.00', amount: '59.50' } },
    ]);
    const mails = await db
      .knex('outboundEmails')
      .where({ toAddress: paid.client.email, template: 'payment_refund' });
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Refund: $30.50 on its way back to your card',
      'Refund: $59.50 on its way back to your card',
    ]);
  });

  it('a cancel while an owner refund waits for the gateway gives back the rest, not all again', async () => {
    const paid = await paidBooking(); // $90.00, three days ahead: canceling refunds everything
    gatewayDown = true;
    try {
      const queued = await refund(paid.id, {
        amount: '10.00',
        reason: 'Goodwill',
        requestId: randomUUID(),
      });
      expect(queued.status).toBe(503);
      const client = await signedInJson(api.url, paid.client.email);
      const canceled = await client('POST', `/api/bookings/${paid.bookingId}/cancel`, {
        reason: 'Plans changed',
      });
      expect(canceled.status).toBe(200);
    } finally {
      gatewayDown = false;
    }
    // Both orders wait for the gateway; once it answers, each is made in full.
    const deps = paymentDepsOf(api.deps);
    const orders = (await deps.jobs.waiting(REFUND_QUEUE, { paymentId: paid.id })) as RefundOrder[];
    expect(orders.map((o) => o.amountCents).sort()).toEqual([1000, 8000]);
    for (const order of orders) await executeRefund(deps, order);
    expect(await db.knex('payments').where({ id: paid.id }).first()).toMatchObject({
      refundedCents: 9000,
    });
    expect(await db.knex('refunds').where({ paymentId: paid.id })).toHaveLength(2);
  });

  it('queues a refund the gateway does not answer; the retry makes it once, audited and mailed', async () => {
    const paid = await paidBooking();
    const ownerRow = await db.knex('users').where({ email: 'owner@example.com' }).first();
    await startPaymentWorkers(paymentDepsOf(api.deps));
    gatewayDown = true;
    const body = { amount: '12.00', reason: 'Gateway was down', requestId: randomUUID() };
    let answer: Awaited<ReturnType<typeof refund>>;
    try {
      answer = await refund(paid.id, body);
    } finally {
      gatewayDown = false;
    }
    expect(answer).toMatchObject({
      status: 503,
      json: {
        code: 'gateway_unavailable',
        message:
          'The payment gateway did not answer. The refund is queued and will be tried again in a minute.',
      },
    });
    expect(await db.knex('refunds').where({ paymentId: paid.id })).toEqual([]);
    // Another refund meanwhile (a new dialog, a new id) would pass the room check beside the
    // queued one, and both be made: it waits instead, queuing nothing.
    const second = await refund(paid.id, { ...body, requestId: randomUUID() });
    expect(second).toMatchObject({
      status: 409,
      json: {
        code: 'refund_pending',
        message:
          'Another refund of this payment is still waiting for the payment gateway. Try again once it has gone through.',
      },
    });

    // The queued copy's minute passes.
    const queued = db
      .knex('pgboss.job')
      .where({ name: 'payment-refunds' })
      .whereRaw("data->>'paymentId' = ?", [paid.id]);
    expect(await queued.clone()).toHaveLength(1);
    await queued.clone().update({ startAfter: db.knex.fn.now() });
    await expect
      .poll(async () => (await db.knex('refunds').where({ paymentId: paid.id })).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const log = await db.knex('auditLog').where({ entity: 'payment', entityId: paid.id });
    expect(log).toMatchObject([
      {
        action: 'payment.refund',
        actorId: ownerRow.id,
        before: { refunded: '0.00' },
        after: { refunded: '12.00', amount: '12.00', reason: 'Gateway was down' },
      },
    ]);
    await expect
      .poll(
        async () =>
          (
            await db
              .knex('outboundEmails')
              .where({ toAddress: paid.client.email, template: 'payment_refund' })
          ).map((m) => m.subject),
        { timeout: 10_000 },
      )
      .toEqual(['Refund: $12.00 on its way back to your card']);

    // The owner's retry of that request answers as done, and makes nothing more.
    const again = await refund(paid.id, body);
    expect(again.status).toBe(200);
    expect(again.json.payment).toMatchObject({ refunded: '12.00' });
    expect(await db.knex('localGatewayRefunds').where({ intentId: paid.intent })).toHaveLength(1);
    expect(await db.knex('auditLog').where({ entity: 'payment', entityId: paid.id })).toHaveLength(
      1,
    );
    // Once made, the next refund is the owner's to make.
    const next = await refund(paid.id, { ...body, amount: '3.00', requestId: randomUUID() });
    expect(next.json.payment).toMatchObject({ refunded: '15.00' });
  });

  it('refunds a membership payment and tells the member', async () => {
    const member = await newUser(db.knex, 'client');
    await subscriptionWorld(db.knex, member.id);
    const [payment] = (await list(`search=${encodeURIComponent(member.email)}`)).items;
    const back = await refund(payment?.id ?? '', {
      amount: '99.99',
      reason: 'Goodwill',
      requestId: randomUUID(),
    });
    expect(back.json.payment).toMatchObject({ kind: 'subscription', refunded: '99.99' });
    const mail = await db
      .knex('outboundEmails')
      .where({ toAddress: member.email, template: 'payment_refund' })
      .first();
    expect(mail.subject).toBe('Refund: $99.99 on its way back to your card');
  });

  it('is the owner’s alone, and a bad request changes nothing', async () => {
    const paid = await paidBooking();
    const before = await snapshot(db.knex, { except: ['sessions'] });
    const good = { amount: '5.00', reason: 'Goodwill', requestId: randomUUID() };
    const byStaff = await refund(paid.id, good, staff);
    expect(byStaff).toMatchObject({ status: 403, json: { code: 'forbidden' } });
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, amount: '0.00' }, 'Enter an amount above $0.00'],
      [{ ...good, amount: '-5' }, 'Enter an amount in dollars'],
      [{ ...good, amount: '5.001' }, 'Enter an amount in dollars'],
      [{ ...good, reason: '   ' }, 'Enter the reason for the refund'],
      [{ amount: '5.00', requestId: randomUUID() }, 'reason'],
      [{ ...good, requestId: 'again' }, 'The request id must be a UUID'],
    ];
    for (const [body, message] of bad) {
      const answer = await refund(paid.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.json)).toContain(message);
    }
    const missing = await refund(randomUUID(), good);
    expect(missing.status).toBe(404);
    const [open] = await db
      .knex('payments')
      .insert({
        bookingId: paid.bookingId,
        gateway: 'local',
        gatewayPaymentId: `pi_open_${randomUUID()}`,
        kind: 'balance',
        amountCents: 100,
        status: 'requires_payment',
      })
      .returning('id');
    const unpaid = await refund(open.id, good);
    expect(unpaid).toMatchObject({ status: 409, json: { code: 'refund_refused' } });
    await db.knex('payments').where({ id: open.id }).delete();
    expect(await snapshot(db.knex, { except: ['sessions'] })).toBe(before);
  });
});
