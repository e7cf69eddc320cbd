import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { executeRefund, type RefundOrder } from './ledger';

const db = useTestDatabase();
let client: string;
let admin: string;

/** The gateway (the outside world): one refund per idempotency key, as Stripe answers. */
function refundingGateway() {
  const asked: string[] = [];
  const gateway = {
    refund: async (input: { amountCents: number; idempotencyKey: string }) => {
      asked.push(input.idempotencyKey);
      return {
        id: `re_${input.idempotencyKey}`,
        amountCents: input.amountCents,
        status: 'succeeded',
      };
    },
  } as unknown as PaymentGateway;
  return { gateway, asked };
}

/** A booking of $90 paid in full by one succeeded payment. */
async function paidBooking() {
  const [booking] = await db
    .knex('bookings')
    .insert(
      bookingRow(new Date(Date.now() + 72 * 3_600_000), {
        clientId: client,
        amountPaidCents: 9000,
      }),
    )
    .returning('id');
  const [payment] = await db
    .knex('payments')
    .insert({
      userId: client,
      bookingId: booking.id,
      gateway: 'local',
      gatewayPaymentId: `pi_${booking.id}`,
      kind: 'full',
      amountCents: 9000,
      status: 'succeeded',
    })
    .returning('id');
  return { bookingId: booking.id as string, paymentId: payment.id as string };
}

const bookingOf = (id: string) => db.knex('bookings').where({ id }).first();
const paymentOf = (id: string) => db.knex('payments').where({ id }).first();

beforeAll(async () => {
  client = (await newUser(db.knex)).id;
  admin = (await newUser(db.knex, 'client', { role: 'admin_owner' })).id;
});

describe('executeRefund', () => {
  it('records one refund per key, however many runs race for it', async () => {
    const { bookingId, paymentId } = await paidBooking();
    const { gateway, asked } = refundingGateway();
    const order: RefundOrder = {
      paymentId,
      amountCents: 1500,
      reason: 'Paid more than the booking total',
      createdBy: null,
      key: `refund:${paymentId}:excess`,
    };
    const results = await Promise.all([
      executeRefund({ db: db.knex, gateway }, order),
      executeRefund({ db: db.knex, gateway }, order),
    ]);
    const made = results.filter((row) => row !== null);
    expect(made).toEqual([
      { id: expect.any(String), amountCents: 1500, reason: order.reason, key: order.key },
    ]);
    const rows = await db.knex('refunds').where({ paymentId });
    expect(rows).toMatchObject([{ id: made[0]?.id, gatewayRefundId: `re_${order.key}` }]);
    expect((await paymentOf(paymentId)).refundedCents).toBe(1500);
    expect(await bookingOf(bookingId)).toMatchObject({
      amountPaidCents: 7500,
      totalAmountCents: 9000,
    });

    // Made already: answered from the refunds row, without asking the gateway again.
    const before = asked.length;
    expect(await executeRefund({ db: db.knex, gateway }, order)).toBeNull();
    expect(asked).toHaveLength(before);
    expect((await paymentOf(paymentId)).refundedCents).toBe(1500);
  });

  it("lowers the total by an owner's goodwill refund, and audits what it refunded", async () => {
    const { bookingId, paymentId } = await paidBooking();
    const { gateway } = refundingGateway();
    const first = { paymentId, reason: 'Late start', createdBy: admin, announce: true };
    await executeRefund(
      { db: db.knex, gateway },
      { ...first, amountCents: 1000, key: 'goodwill:1' },
    );
    const second = await executeRefund(
      { db: db.knex, gateway },
      { ...first, amountCents: 500, key: 'goodwill:2' },
    );
    expect(second).toMatchObject({ amountCents: 500, key: 'goodwill:2' });
    expect((await paymentOf(paymentId)).refundedCents).toBe(1500);
    expect(await bookingOf(bookingId)).toMatchObject({
      amountPaidCents: 7500,
      totalAmountCents: 7500,
      goodwillRefundCents: 1500,
    });
    const audits = await db
      .knex('auditLog')
      .where({ entityId: paymentId, action: 'payment.refund' })
      .orderBy('createdAt');
    expect(audits.map((a) => [a.actorId, a.before, a.after])).toEqual([
      [
        admin,
        { refunded: '0.00', bookingTotal: '90.00' },
        {
          refunded: '10.00',
          refundId: expect.any(String),
          amount: '10.00',
          reason: 'Late start',
          bookingTotal: '80.00',
        },
      ],
      [
        admin,
        { refunded: '10.00', bookingTotal: '80.00' },
        {
          refunded: '15.00',
          refundId: second?.id,
          amount: '5.00',
          reason: 'Late start',
          bookingTotal: '75.00',
        },
      ],
    ]);
  });
});
