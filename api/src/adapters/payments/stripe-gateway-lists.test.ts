import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import type { StripeGateway } from './stripe-gateway';

// The Stripe adapter's lists of a period (what reconciliation reads), through the real `stripe`
// package against the stand-in's list endpoints.

const SECRET_KEY = 'sk_test_stand_in';

let standIn: StripeStandIn;
let gateway: StripeGateway;
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  gateway = standIn.gateway({ secretKey: SECRET_KEY });
});
afterAll(() => standIn.close());

const newIntent = (amountCents: number, bookingId = 'b-1') =>
  gateway.createIntent({
    amountCents,
    description: 'House cleaning, deposit',
    metadata: { bookingId, option: 'deposit' },
    idempotencyKey: randomUUID(),
  });

// A period of its own per test, far from now, so the tests' records never meet.
const day = (n: number) => new Date(Date.UTC(2030, 0, n));

describe("the Stripe gateway's lists of a period", () => {
  it('lists the intents created in [from, to) with status, amount and metadata', async () => {
    const before = await newIntent(1_000, 'before');
    const first = await newIntent(2_000, 'first');
    const last = await newIntent(3_000, 'last');
    const atEnd = await newIntent(4_000, 'at-end');
    standIn.succeed(first.id, '4242');
    standIn.moveTo(before.id, new Date(day(1).getTime() - 1_000));
    standIn.moveTo(first.id, day(1));
    standIn.moveTo(last.id, new Date(day(2).getTime() - 1_000));
    standIn.moveTo(atEnd.id, day(2));

    const listed = await gateway.listCharges({ from: day(1), to: day(2) });

    expect(listed.map((c) => c.id).sort()).toEqual([first.id, last.id].sort());
    expect(listed.find((c) => c.id === first.id)).toEqual({
      id: first.id,
      status: 'succeeded',
      amountCents: 2_000,
      metadata: { bookingId: 'first', option: 'deposit' },
      createdAt: day(1),
    });
    expect(listed.find((c) => c.id === last.id)?.status).toBe('requires_payment_method');
    const asked = standIn.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.method === 'GET',
    );
    expect(asked.at(-1)?.params).toMatchObject({
      'created[gte]': String(day(1).getTime() / 1000),
      'created[lt]': String(day(2).getTime() / 1000),
    });
  });

  it('follows has_more page after page until the period is read', async () => {
    const made = [];
    for (let n = 0; n < 130; n++) {
      const intent = await newIntent(500 + n);
      standIn.moveTo(intent.id, new Date(day(10).getTime() + n * 1_000));
      made.push(intent);
    }

    const listed = await gateway.listCharges({ from: day(10), to: day(11) });

    expect(listed).toHaveLength(130);
    expect(new Set(listed.map((c) => c.id))).toEqual(new Set(made.map((i) => i.id)));
    const pages = standIn.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.params['created[gte]'] === String(day(10).getTime() / 1000),
    );
    expect(pages.map((r) => r.params.starting_after ?? null)).toEqual([null, listed[99]?.id]);
  });

  it('lists the refunds of the period, partial ones each on its own', async () => {
    const intent = await newIntent(10_000);
    standIn.succeed(intent.id, '4242');
    const part = await gateway.refund({
      paymentIntentId: intent.id,
      amountCents: 2_500,
      idempotencyKey: randomUUID(),
    });
    const rest = await gateway.refund({
      paymentIntentId: intent.id,
      amountCents: 7_500,
      idempotencyKey: randomUUID(),
    });
    standIn.moveTo(part.id, day(20));
    standIn.moveTo(rest.id, day(21));

    expect(await gateway.listRefunds({ from: day(20), to: day(21) })).toEqual([
      {
        id: part.id,
        paymentIntentId: intent.id,
        amountCents: 2_500,
        status: 'succeeded',
        createdAt: day(20),
      },
    ]);
    const both = await gateway.listRefunds({ from: day(20), to: day(22) });
    expect(both.map((r) => [r.id, r.amountCents])).toEqual([
      [rest.id, 7_500],
      [part.id, 2_500],
    ]);
  });

  it('reads one refund by its id, and null for an id Stripe does not know', async () => {
    const intent = await newIntent(5_000);
    standIn.succeed(intent.id, '4242');
    const made = await gateway.refund({
      paymentIntentId: intent.id,
      amountCents: 1_200,
      idempotencyKey: randomUUID(),
    });
    expect(await gateway.retrieveRefund(made.id)).toEqual({
      id: made.id,
      paymentIntentId: intent.id,
      amountCents: 1_200,
      status: 'succeeded',
      createdAt: expect.any(Date),
    });
    expect(await gateway.retrieveRefund('re_unknown')).toBeNull();
  });

  it('rounds a period edge inside a second up, as Stripe dates in whole seconds', async () => {
    const intent = await newIntent(1_500);
    standIn.moveTo(intent.id, day(30));
    const halfPast = new Date(day(30).getTime() + 500);
    expect(await gateway.listCharges({ from: halfPast, to: day(31) })).toEqual([]);
    expect((await gateway.listCharges({ from: day(29), to: halfPast })).map((c) => c.id)).toEqual([
      intent.id,
    ]);
  });

  it('answers 503 with a retry time while Stripe is down, and lists again once it is back', async () => {
    standIn.setOutage((method, path) => method === 'GET' && path.startsWith('/v1/refunds'));
    try {
      await expect(gateway.listRefunds({ from: day(40), to: day(41) })).rejects.toMatchObject({
        status: 503,
        code: 'gateway_unavailable',
        details: { retryAfterSeconds: 30 },
      });
    } finally {
      standIn.setOutage(null);
    }
    expect(await gateway.listRefunds({ from: day(40), to: day(41) })).toEqual([]);
  });
});
