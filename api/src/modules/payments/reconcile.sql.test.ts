import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { useTestDatabase } from '../../test/test-database';
import {
  ledgerPaymentsIn,
  ledgerPaymentsOf,
  ledgerRefundsIn,
  ledgerRefundsOf,
} from './reconcile.sql';

const db = useTestDatabase();
const at = (iso: string) => new Date(iso);
let bookingId: string;

beforeAll(async () => {
  const [booking] = await db
    .knex('bookings')
    .insert(bookingRow(at('2033-01-10T15:00:00Z')))
    .returning('id');
  bookingId = booking.id;
});

async function payment(gateway: 'local' | 'stripe', createdAt: Date, status = 'succeeded') {
  const [row] = await db
    .knex('payments')
    .insert({
      bookingId,
      gateway,
      gatewayPaymentId: `pi_${randomUUID()}`,
      kind: 'full',
      amountCents: 9_000,
      status,
      createdAt,
    })
    .returning(['id', 'gatewayPaymentId']);
  return row as { id: string; gatewayPaymentId: string };
}

async function refund(paymentId: string, amountCents: number, createdAt: Date) {
  const [row] = await db
    .knex('refunds')
    .insert({
      paymentId,
      gatewayRefundId: `re_${randomUUID()}`,
      key: randomUUID(),
      amountCents,
      reason: 'Goodwill',
      createdAt,
    })
    .returning(['id', 'gatewayRefundId']);
  return row as { id: string; gatewayRefundId: string };
}

const period = { from: at('2033-01-01T06:00:00Z'), to: at('2033-01-02T06:00:00Z') };

describe("the ledger's side of a reconciliation", () => {
  it("reads one gateway's payments written in [from, to), and others by their gateway ids", async () => {
    await payment('local', at('2033-01-01T05:59:59.999Z'));
    const atFrom = await payment('local', period.from, 'requires_payment');
    await payment('local', period.to);
    await payment('stripe', at('2033-01-01T12:00:00Z'));

    expect(await ledgerPaymentsIn(db.knex, 'local', period)).toEqual([
      {
        id: atFrom.id,
        gatewayPaymentId: atFrom.gatewayPaymentId,
        status: 'requires_payment',
        amountCents: 9_000,
        createdAt: period.from,
      },
    ]);
    const later = await payment('local', at('2033-02-01T00:00:00Z'));
    const stripe = await payment('stripe', at('2033-02-01T00:00:00Z'));
    const found = await ledgerPaymentsOf(db.knex, 'local', [
      later.gatewayPaymentId,
      stripe.gatewayPaymentId,
      'pi_unknown',
    ]);
    expect(found.map((p) => p.id)).toEqual([later.id]);
  });

  it("reads the refunds of one gateway's payments, with the payment's gateway id", async () => {
    const paid = await payment('local', at('2032-12-01T00:00:00Z'));
    const inside = await refund(paid.id, 1_000, at('2033-01-01T20:00:00Z'));
    await refund(paid.id, 2_000, period.to);
    const other = await payment('stripe', at('2032-12-01T00:00:00Z'));
    const stripeRefund = await refund(other.id, 500, at('2033-01-01T20:00:00Z'));

    expect(await ledgerRefundsIn(db.knex, 'local', period)).toEqual([
      {
        id: inside.id,
        gatewayRefundId: inside.gatewayRefundId,
        gatewayPaymentId: paid.gatewayPaymentId,
        amountCents: 1_000,
        createdAt: at('2033-01-01T20:00:00Z'),
      },
    ]);
    const found = await ledgerRefundsOf(db.knex, 'local', [
      inside.gatewayRefundId,
      stripeRefund.gatewayRefundId,
    ]);
    expect(found.map((r) => r.id)).toEqual([inside.id]);
    expect(await ledgerRefundsOf(db.knex, 'stripe', [stripeRefund.gatewayRefundId])).toHaveLength(
      1,
    );
  });

  it("reads a gift card's purchase as a payment and its refund as a refund", async () => {
    const card = async (fields: Record<string, unknown>) => {
      const [row] = await db
        .knex('giftCards')
        .insert({
          codeHash: randomUUID(),
          codeSealed: 'v1:sealed',
          codeLast4: 'ABCD',
          amountCents: 5_000,
          balanceCents: 5_000,
          purchaserName: 'Gail',
          purchaserEmail: 'gail@example.com',
          recipientName: 'Rae',
          recipientEmail: 'rae@example.com',
          deliverOn: '2033-01-01',
          gateway: 'local',
          gatewayPaymentId: `pi_${randomUUID()}`,
          createdAt: at('2033-01-01T12:00:00Z'),
          ...fields,
        })
        .returning(['id', 'gatewayPaymentId']);
      return row as { id: string; gatewayPaymentId: string };
    };
    const waiting = await card({});
    const refunded = await card({
      status: 'refunded',
      paidAt: at('2033-01-01T12:01:00Z'),
      voidedAt: at('2033-01-01T13:00:00Z'),
      gatewayRefundId: `re_${randomUUID()}`,
    });
    await card({ gateway: 'stripe', status: 'paid', paidAt: at('2033-01-01T12:01:00Z') });

    const payments = await ledgerPaymentsIn(db.knex, 'local', period);
    expect(payments.filter((p) => [waiting.id, refunded.id].includes(p.id))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: waiting.id, status: 'requires_payment', amountCents: 5_000 }),
        expect.objectContaining({ id: refunded.id, status: 'succeeded', amountCents: 5_000 }),
      ]),
    );
    expect(payments.filter((p) => p.amountCents === 5_000)).toHaveLength(2);
    const refunds = await ledgerRefundsIn(db.knex, 'local', period);
    const gift = refunds.filter((r) => r.id === refunded.id);
    expect(gift).toMatchObject([
      { gatewayPaymentId: refunded.gatewayPaymentId, amountCents: 5_000 },
    ]);
    expect(gift[0]?.createdAt).toEqual(at('2033-01-01T13:00:00Z'));
    expect(await ledgerPaymentsOf(db.knex, 'local', [refunded.gatewayPaymentId])).toHaveLength(1);
    expect(
      await ledgerRefundsOf(db.knex, 'local', [gift[0]?.gatewayRefundId as string]),
    ).toHaveLength(1);
  });
});
