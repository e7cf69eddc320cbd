import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalGateway } from '../../adapters/payments/local-gateway';
import { useMoneyWorld } from '../../test/money-fixtures';
import type { JsonCall } from '../../test/sign-in';
import { reconcileMoney } from './reconcile';

// A period's edges: the two sides of one payment written either side of midnight, and records
// exactly at `from` (in) and at `to` (out). Records are moved to days of their own, far ahead.

const { db, money, ready } = useMoneyWorld();
let owner: JsonCall;
let gateway: LocalGateway;
beforeAll(async () => {
  ({ owner, gateway } = await ready());
});

const midnight = (day: string) => chicagoInstant(day, '00:00');
const justBefore = (day: string) => new Date(midnight(day).getTime() - 1);
const reconcileDay = (day: string) =>
  reconcileMoney({ db: db.knex, gateway }, { from: midnight(day), to: midnight(addDays(day, 1)) });

const moveTo = (table: string, id: string, createdAt: Date) =>
  db.knex(table).where({ id }).update({ createdAt });

describe('reconciling at the edges of a period', () => {
  it('matches a payment and a partial refund whose two sides lie either side of midnight', async () => {
    const paid = await money.paid();
    const refund = await money.refunded(owner, paid.paymentId, '30.00');
    // The gateway took the payment just before day 2; our row was written at its first instant.
    await moveTo('localGatewayIntents', paid.intentId, justBefore('2032-03-02'));
    await moveTo('payments', paid.paymentId, midnight('2032-03-02'));
    await moveTo('localGatewayRefunds', refund.gatewayRefundId, justBefore('2032-03-03'));
    await moveTo('refunds', refund.id, midnight('2032-03-03'));

    expect(await reconcileDay('2032-03-01')).toMatchObject({
      checked: { payments: 1, refunds: 0 },
      differences: [],
    });
    expect(await reconcileDay('2032-03-02')).toMatchObject({
      checked: { payments: 1, refunds: 1 },
      differences: [],
    });
    expect(await reconcileDay('2032-03-03')).toMatchObject({
      checked: { payments: 0, refunds: 1 },
      differences: [],
    });
    expect(await reconcileDay('2032-03-04')).toMatchObject({
      checked: { payments: 0, refunds: 0 },
      differences: [],
    });
  });

  it('counts a record at `from` in the period and one at `to` in the next', async () => {
    const { bookingId } = await money.opened();
    const ghost = (createdAt: Date) =>
      db
        .knex('payments')
        .insert({
          bookingId,
          gateway: 'local',
          gatewayPaymentId: `pi_local_${randomUUID()}`,
          kind: 'full',
          amountCents: 9_000,
          status: 'succeeded',
          createdAt,
        })
        .returning('gatewayPaymentId');
    const [atFrom] = await ghost(midnight('2032-04-01'));
    const [atTo] = await ghost(midnight('2032-04-02'));
    const unreported = await money.paidUnreported(gateway);
    await moveTo('localGatewayIntents', unreported.intentId, justBefore('2032-04-02'));

    const first = await reconcileDay('2032-04-01');
    expect(first.differences.map((d) => [d.kind, d.gatewayId])).toEqual([
      // Its ledger row (written now, waiting) is found by id across the edge: the earlier side.
      ['status_differs', unreported.intentId],
      ['missing_at_gateway', atFrom.gatewayPaymentId],
    ]);
    const second = await reconcileDay('2032-04-02');
    expect(second.differences.map((d) => [d.kind, d.gatewayId])).toEqual([
      ['missing_at_gateway', atTo.gatewayPaymentId],
    ]);
  });

  it('leaves out intents nobody paid, declined or canceled, that the ledger never recorded', async () => {
    const card = { cardNumber: TEST_CARDS.declines, expiry: '12/40', cvc: '123' };
    const declined = await gateway.createIntent({
      amountCents: 5_000,
      description: 'Declined',
      metadata: {},
      idempotencyKey: randomUUID(),
    });
    await gateway.confirm(declined.id, { clientSecret: declined.clientSecret, ...card });
    const canceled = await gateway.createIntent({
      amountCents: 6_000,
      description: 'Canceled',
      metadata: {},
      idempotencyKey: randomUUID(),
    });
    await gateway.cancelIntent(canceled.id);
    await moveTo('localGatewayIntents', declined.id, midnight('2032-05-01'));
    await moveTo('localGatewayIntents', canceled.id, midnight('2032-05-01'));

    expect(await reconcileDay('2032-05-01')).toMatchObject({
      checked: { payments: 2, refunds: 0 },
      differences: [],
    });
  });
});
