import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { type LocalGateway, localGateway } from './local-gateway';
import { localChargesIn, localRefund, localRefundsIn } from './local-gateway-lists.sql';

const db = useTestDatabase();
let gateway: LocalGateway;
beforeAll(() => {
  gateway = localGateway(db.knex);
});

const paid = async (amountCents: number, bookingId: string) => {
  const intent = await gateway.createIntent({
    amountCents,
    description: 'House cleaning, deposit',
    metadata: { bookingId, option: 'deposit' },
    idempotencyKey: randomUUID(),
  });
  const card = {
    clientSecret: intent.clientSecret,
    cardNumber: TEST_CARDS.succeeds,
    expiry: '12 / 34',
    cvc: '123',
  };
  return (await gateway.confirm(intent.id, card)).intent;
};

const moveTo = (table: string, id: string, at: Date) =>
  db.knex(table).where({ id }).update({ createdAt: at });

const at = (iso: string) => new Date(iso);

describe("the LocalGateway's lists of a period", () => {
  it('lists the intents created in [from, to), whatever their status', async () => {
    const before = await paid(1_000, 'before');
    const first = await paid(2_000, 'first');
    const open = await gateway.createIntent({
      amountCents: 3_000,
      description: 'Laundry, full',
      metadata: { bookingId: 'open', option: 'full' },
      idempotencyKey: randomUUID(),
    });
    const atEnd = await paid(4_000, 'at-end');
    await moveTo('localGatewayIntents', before.id, at('2031-03-01T05:59:59.999Z'));
    await moveTo('localGatewayIntents', first.id, at('2031-03-01T06:00:00Z'));
    await moveTo('localGatewayIntents', open.id, at('2031-03-02T05:59:59.999Z'));
    await moveTo('localGatewayIntents', atEnd.id, at('2031-03-02T06:00:00Z'));

    const listed = await localChargesIn(db.knex, {
      from: at('2031-03-01T06:00:00Z'),
      to: at('2031-03-02T06:00:00Z'),
    });

    expect(listed).toEqual([
      {
        id: first.id,
        status: 'succeeded',
        amountCents: 2_000,
        metadata: { bookingId: 'first', option: 'deposit' },
        createdAt: at('2031-03-01T06:00:00Z'),
      },
      {
        id: open.id,
        status: 'requires_payment_method',
        amountCents: 3_000,
        metadata: { bookingId: 'open', option: 'full' },
        createdAt: at('2031-03-02T05:59:59.999Z'),
      },
    ]);
    expect(
      await gateway.listCharges({
        from: at('2031-03-01T06:00:00Z'),
        to: at('2031-03-02T06:00:00Z'),
      }),
    ).toEqual(listed);
  });

  it('lists each refund of the period with its intent, a partial one on its own', async () => {
    const intent = await paid(10_000, 'refunded');
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
    await moveTo('localGatewayRefunds', part.id, at('2031-04-01T10:00:00Z'));
    await moveTo('localGatewayRefunds', rest.id, at('2031-04-02T10:00:00Z'));

    expect(
      await localRefundsIn(db.knex, {
        from: at('2031-04-01T00:00:00Z'),
        to: at('2031-04-02T00:00:00Z'),
      }),
    ).toEqual([
      {
        id: part.id,
        paymentIntentId: intent.id,
        amountCents: 2_500,
        status: 'succeeded',
        createdAt: at('2031-04-01T10:00:00Z'),
      },
    ]);
    const both = await gateway.listRefunds({
      from: at('2031-04-01T00:00:00Z'),
      to: at('2031-04-03T00:00:00Z'),
    });
    expect(both.map((r) => [r.id, r.amountCents])).toEqual([
      [part.id, 2_500],
      [rest.id, 7_500],
    ]);
  });

  it('reads one refund by its id, and null for an id it does not know', async () => {
    const intent = await paid(6_000, 'one');
    const made = await gateway.refund({
      paymentIntentId: intent.id,
      amountCents: 600,
      idempotencyKey: randomUUID(),
    });
    expect(await localRefund(db.knex, made.id)).toEqual({
      id: made.id,
      paymentIntentId: intent.id,
      amountCents: 600,
      status: 'succeeded',
      createdAt: expect.any(Date),
    });
    expect(await gateway.retrieveRefund('re_local_unknown')).toBeNull();
  });
});
