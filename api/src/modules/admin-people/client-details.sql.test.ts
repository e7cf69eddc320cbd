import { randomUUID } from 'node:crypto';
import { CLIENT_DETAIL_ROWS } from '@twinclean/shared/admin-people';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPeopleWorld } from '../../test/admin-people-world';
import { bookingRow } from '../../test/fixtures';
import { useTestDatabase } from '../../test/test-database';
import { clientBookings, paidBy, refundsOf } from './client-details.sql';

const db = useTestDatabase();
const NOW = new Date();
const DAY = 86_400_000;
let world: Awaited<ReturnType<typeof adminPeopleWorld>>;

beforeAll(async () => {
  world = await adminPeopleWorld(db.knex, NOW);
});

describe('a client’s bookings', () => {
  it('are theirs only, latest visit first, with how many in all', async () => {
    const { rows, total } = await clientBookings(db.knex, world.ada.id);
    expect(total).toBe(2);
    expect(rows.map((r) => r.id)).toEqual([world.adaNext, world.adaOld]);
    expect(rows[1]).toMatchObject({
      serviceType: 'house',
      derivedStatus: expect.any(String),
      amountPaidCents: 9000,
      totalAmountCents: expect.any(Number),
    });
    expect(await clientBookings(db.knex, world.pat.id)).toEqual({ rows: [], total: 0 });
  });

  it('show only the newest rows but count them all', async () => {
    const many = Array.from({ length: CLIENT_DETAIL_ROWS + 2 }, (_, i) =>
      bookingRow(new Date(NOW.getTime() - (i + 1) * DAY), { clientId: world.pat.id }),
    );
    await db.knex('bookings').insert(many);
    const { rows, total } = await clientBookings(db.knex, world.pat.id);
    expect(total).toBe(CLIENT_DETAIL_ROWS + 2);
    expect(rows).toHaveLength(CLIENT_DETAIL_ROWS);
    const dates = rows.map((r) => r.scheduledDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('the refunds of payments', () => {
  it('are those of the payments asked about, oldest first', async () => {
    const [other] = await db
      .knex('payments')
      .insert({
        gateway: 'local',
        gatewayPaymentId: `pi_${randomUUID()}`,
        userId: world.alan.id,
        subscriptionId: world.membership,
        kind: 'subscription',
        amountCents: 500,
        refundedCents: 500,
        status: 'succeeded',
      })
      .returning('id');
    const refund = (paymentId: string, amountCents: number, createdAt: Date) => ({
      paymentId,
      gatewayRefundId: `re_${randomUUID()}`,
      key: randomUUID(),
      amountCents,
      reason: `Back ${amountCents}`,
      createdAt,
    });
    await db
      .knex('refunds')
      .insert([
        refund(other.id, 300, new Date(NOW.getTime() - DAY)),
        refund(other.id, 200, new Date(NOW.getTime() - 2 * DAY)),
      ]);
    const ada = await refundsOf(db.knex, [world.paid]);
    expect(ada.map((r) => [r.paymentId, r.amountCents, r.reason])).toEqual([
      [world.paid, 2000, 'Goodwill'],
    ]);
    const both = await refundsOf(db.knex, [world.paid, other.id]);
    expect(both.map((r) => r.amountCents).sort()).toEqual([2000, 200, 300].sort());
    expect((await refundsOf(db.knex, [other.id])).map((r) => r.amountCents)).toEqual([200, 300]);
    expect(await refundsOf(db.knex, [])).toEqual([]);
  });
});

describe('what a client paid', () => {
  it('is their succeeded payments less refunds', async () => {
    // Ada: $90 less $20 refunded; her failed deposit counts for nothing.
    expect(await paidBy(db.knex, world.ada.id)).toBe(7000);
    expect(await paidBy(db.knex, world.grace.id)).toBe(0);
    const before = await paidBy(db.knex, world.alan.id);
    await db.knex('payments').insert({
      gateway: 'local',
      gatewayPaymentId: `pi_${randomUUID()}`,
      userId: world.alan.id,
      subscriptionId: world.membership,
      kind: 'subscription',
      amountCents: 1234,
      status: 'processing',
    });
    expect(await paidBy(db.knex, world.alan.id)).toBe(before);
  });
});
