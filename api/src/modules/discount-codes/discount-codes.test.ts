import { randomUUID } from 'node:crypto';
import { DISCOUNT_CODE_MESSAGES } from '@twinclean/shared/discount-codes';
import { centsToDollars, dollarsToCents } from '@twinclean/shared/money';
import { providerShareCents } from '@twinclean/shared/provider-pay';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { CARD_GRAPH, cardSource, toOpenJob } from '../../core/job-card';
import { loadPricing } from '../../core/pricing';
import { Booking } from '../../models/booking';
import { carpetPayload, wizardPayload } from '../../test/fixtures';
import { signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { confirmTestCard } from '../../test/test-card';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { discountAtPrice } from './apply';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

beforeAll(() => seedDemoData(db.knex));

let ip = 0;
async function call(path: string, body: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${++ip % 250}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A code straight in the table (the owner's pages are another test's). */
async function code(fields: Record<string, unknown>) {
  const name = `T${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.knex('discountCodes').insert({ code: name, kind: 'percent', percentOff: 25, ...fields });
  return name;
}

const email = () => `code-${randomUUID()}@example.com`;
const later = () => addDays(chicagoDate(new Date()), 5);
const house = (fields: Record<string, unknown>) =>
  wizardPayload({ scheduledDate: later(), clientEmail: email(), ...fields });

describe('a discount code on a booking', () => {
  it('takes its percent off the server’s price; the deposit follows the lowered total', async () => {
    const plain = await call('/api/bookings', house({}));
    const name = await code({ percentOff: 25 });
    const booked = await call('/api/bookings', house({ discountCode: ` ${name.toLowerCase()} ` }));
    expect(booked.status).toBe(201);
    const gross = dollarsToCents(plain.json.totalAmount as string);
    const off = Math.round(gross * 0.25);
    expect(booked.json).toMatchObject({
      discountAmount: (off / 100).toFixed(2),
      totalAmount: ((gross - off) / 100).toFixed(2),
      // The deposit's percent (40 %) of what is left, not of the price before the code.
      depositAmount: (Math.round((gross - off) * 0.4) / 100).toFixed(2),
    });
    const row = await db.knex('bookings').where({ id: booked.json.id }).first();
    expect(row).toMatchObject({ discountCents: off, totalAmountCents: gross - off });
    const used = await db.knex('discountCodes').where({ code: name }).first();
    expect(used.uses).toBe(1);
    expect(await db.knex('discountRedemptions').where({ bookingId: row.id })).toMatchObject([
      { discountCents: off, clientEmail: row.clientEmail },
    ]);
  });

  it('takes a fixed sum off a carpet estimate, and its percent again off the final price', async () => {
    const fixed = await code({ kind: 'fixed', percentOff: null, amountOffCents: 2000 });
    const carpet = await call(
      '/api/bookings/carpet',
      carpetPayload({ discountCode: fixed, email: email() }),
    );
    expect(carpet.status).toBe(201);
    // $325 estimate (carpetPayload), $20 off; the estimate kept is the work's.
    expect(carpet.json).toMatchObject({ totalAmount: '305.00', discountAmount: '20.00' });
    const stored = await db.knex('bookings').where({ id: carpet.json.id }).first();
    expect(stored).toMatchObject({ estimatedAmountCents: 32500, discountCents: 2000 });
    // The board offers the provider a share of the work's price: the code is the company's.
    const booking = await Booking.query(db.knex)
      .findById(carpet.json.id as string)
      .withGraphFetched(CARD_GRAPH);
    const terms = await loadPricing(db.knex);
    expect(toOpenJob(cardSource(booking as Booking), terms).totalAmount).toBe(
      centsToDollars(providerShareCents(32500, terms.providerSharePercent)),
    );

    const percent = await code({ percentOff: 10 });
    const other = await call(
      '/api/bookings/carpet',
      carpetPayload({ discountCode: percent, email: email() }),
    );
    const id = other.json.id as string;
    const again = await db.knex.transaction((trx) =>
      discountAtPrice(trx, id, 40_000, { record: true }),
    );
    expect(again).toBe(4000);
    expect(
      (await db.knex('discountRedemptions').where({ bookingId: id }).first()).discountCents,
    ).toBe(4000);
  });

  it('gives the last use to one of two bookings racing for it', async () => {
    const name = await code({ maxUses: 1 });
    const before = await db.knex('bookings').count({ n: '*' }).first();
    const answers = await Promise.all(
      [0, 1, 2].map(() => call('/api/bookings', house({ discountCode: name }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
    for (const refused of answers.filter((a) => a.status === 422)) {
      expect(refused.json).toMatchObject({
        message: DISCOUNT_CODE_MESSAGES.usedUp,
        details: { fields: { discountCode: DISCOUNT_CODE_MESSAGES.usedUp } },
      });
    }
    const after = await db.knex('bookings').count({ n: '*' }).first();
    expect(Number(after?.n) - Number(before?.n)).toBe(1);
    expect((await db.knex('discountCodes').where({ code: name }).first()).uses).toBe(1);
  });

  it('keeps to its uses per client, its services, its dates and first bookings', async () => {
    const once = await code({ maxUsesPerClient: 1 });
    const grace = email();
    expect(
      (await call('/api/bookings', house({ discountCode: once, clientEmail: grace }))).status,
    ).toBe(201);
    const today = chicagoDate(new Date());
    const refusals: [Record<string, unknown>, string][] = [
      [{ discountCode: once, clientEmail: grace }, DISCOUNT_CODE_MESSAGES.usedByYou],
      [
        { discountCode: await code({ serviceTypes: ['carpet'] }) },
        "This code doesn't apply to House Cleaning",
      ],
      [
        { discountCode: await code({ endsOn: addDays(today, -1) }) },
        DISCOUNT_CODE_MESSAGES.expired,
      ],
      [
        { discountCode: await code({ startsOn: addDays(today, 1) }) },
        DISCOUNT_CODE_MESSAGES.notYet,
      ],
      [{ discountCode: await code({ active: false }) }, DISCOUNT_CODE_MESSAGES.unknown],
      [{ discountCode: 'NO-SUCH-CODE' }, DISCOUNT_CODE_MESSAGES.unknown],
      [
        { discountCode: await code({ firstBookingOnly: true }), clientEmail: grace },
        DISCOUNT_CODE_MESSAGES.firstBookingOnly,
      ],
    ];
    const before = await snapshot(db.knex);
    for (const [fields, message] of refusals) {
      const refused = await call('/api/bookings', house(fields));
      expect(refused, JSON.stringify(fields)).toMatchObject({ status: 422, json: { message } });
    }
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('knows a signed-in client by their account too, whatever e-mail the form was given', async () => {
    const client = await signedInClient(db.knex, api.url);
    // A guest booking made earlier with the account's e-mail.
    expect((await call('/api/bookings', house({ clientEmail: client.email }))).status).toBe(201);
    const first = await code({ firstBookingOnly: true });
    const refused = await client.call(
      'POST',
      '/api/bookings',
      house({ discountCode: first, clientEmail: email() }),
    );
    expect(refused).toMatchObject({
      status: 422,
      json: { message: DISCOUNT_CODE_MESSAGES.firstBookingOnly },
    });
    // The preview says so to the client themself, and to nobody else.
    const mine = await client.call('POST', '/api/discount-codes/check', {
      code: first,
      serviceType: 'house',
    });
    expect(mine.json).toMatchObject({ message: DISCOUNT_CODE_MESSAGES.firstBookingOnly });
    const guest = await call('/api/discount-codes/check', { code: first, serviceType: 'house' });
    expect(guest.status).toBe(200);
  });

  it('refunds on cancellation what was paid, which is the price net of the code', async () => {
    const client = await signedInClient(db.knex, api.url);
    const name = await code({ percentOff: 50 });
    const booked = await client.call(
      'POST',
      '/api/bookings',
      house({ discountCode: name, clientEmail: client.email }),
    );
    expect(booked.status).toBe(201);
    const id = booked.json.id as string;
    // The portal's price adds up: what the code took off is its own line.
    const view = await client.call('GET', `/api/bookings/${id}`);
    expect(view.json).toMatchObject({
      discountAmount: booked.json.discountAmount,
      totalAmount: booked.json.totalAmount,
    });
    const intent = await client.call('POST', `/api/bookings/${id}/create-payment-intent`, {
      option: 'full',
    });
    expect(intent.json.amount).toBe(booked.json.totalAmount);
    expect(await confirmTestCard(api.url, intent.json)).toMatchObject({ status: 'succeeded' });
    const canceled = await client.call('POST', `/api/bookings/${id}/cancel`, { reason: 'Moved' });
    expect(canceled.status).toBe(200);
    const refunds = await db
      .knex('refunds')
      .join('payments', 'payments.id', 'refunds.paymentId')
      .where('payments.bookingId', id)
      .select('refunds.amountCents');
    expect(refunds).toEqual([{ amountCents: dollarsToCents(booked.json.totalAmount as string) }]);
  });
});

describe('POST /api/discount-codes/check', () => {
  it('says what a code takes off, or why it cannot be used', async () => {
    const name = await code({ kind: 'fixed', percentOff: null, amountOffCents: 2000 });
    const ok = await call('/api/discount-codes/check', { code: name, serviceType: 'house' });
    expect(ok).toEqual({
      status: 200,
      json: { code: name, percentOff: null, amountOff: '20.00', description: '$20 off' },
    });
    const unknown = await call('/api/discount-codes/check', { code: 'NOPE', serviceType: 'house' });
    expect(unknown).toMatchObject({ status: 422, json: { message: "That code isn't valid" } });
    const bad = await call('/api/discount-codes/check', { code: name, serviceType: 'windows' });
    expect(bad.status).toBe(400);
  });
});
