import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalGateway } from '../../adapters/payments/local-gateway';
import { useMoneyWorld } from '../../test/money-fixtures';
import type { JsonCall } from '../../test/sign-in';
import { reconcileMoney } from './reconcile';

const { db, money, ready } = useMoneyWorld();
let owner: JsonCall;
let gateway: LocalGateway;
beforeAll(async () => {
  ({ owner, gateway } = await ready());
});

const deps = () => ({ db: db.knex, gateway });
/** Up to now, and a moment on: what the test just did is all in [from, to). */
const since = (from: Date) => ({ from, to: new Date(Date.now() + 1_000) });

// The tests run one after another; each reconciles only the span its own money was made in.
// Gateway ids the gateway never made, written into the ledger over real ones.
const GHOST_PAYMENT = 'pi_local_ghost0000000';
const GHOST_REFUND = 're_local_ghost000000';

describe('reconciling the ledger with the LocalGateway', () => {
  it('finds no difference after payments, declines, abandoned intents and partial refunds made through the app', async () => {
    const from = new Date();
    const first = await money.paid();
    const second = await money.paid();
    await money.paid(TEST_CARDS.declines);
    await money.opened();
    await money.refunded(owner, first.paymentId, '20.00');
    await money.refunded(owner, first.paymentId, '15.50');
    await money.refunded(owner, second.paymentId, '90.00');

    const result = await reconcileMoney(deps(), since(from));

    expect(result.differences).toEqual([]);
    // Two paid, one declined, one abandoned; three refunds, two of them partial.
    expect(result.checked).toEqual({ payments: 4, refunds: 3 });
    expect(
      await db.knex('payments').where({ gatewayPaymentId: first.intentId }).first(),
    ).toMatchObject({
      status: 'succeeded',
      refundedCents: 3_550,
    });
  });

  it('lists each kind of difference, with the ids and both amounts', async () => {
    const from = new Date();
    const unrecorded = await gateway.createIntent({
      amountCents: 4_200,
      description: 'Paid past our ledger',
      metadata: { bookingId: randomUUID(), option: 'full' },
      idempotencyKey: randomUUID(),
    });
    await gateway.confirm(unrecorded.id, {
      clientSecret: unrecorded.clientSecret,
      cardNumber: TEST_CARDS.succeeds,
      expiry: '12/40',
      cvc: '123',
    });
    const ghost = await money.paid();
    await db
      .knex('payments')
      .where({ id: ghost.paymentId })
      .update({ gatewayPaymentId: GHOST_PAYMENT });
    const edited = await money.paid();
    await db.knex('payments').where({ id: edited.paymentId }).update({ amountCents: 8_000 });
    const unreported = await money.paidUnreported(gateway);
    const claimed = await money.opened();
    await db
      .knex('payments')
      .where({ gatewayPaymentId: claimed.intent.paymentIntentId })
      .update({ status: 'succeeded' });

    const refunded = await money.paid();
    const keptRefund = await money.refunded(owner, refunded.paymentId, '10.00');
    const unrecordedRefund = await gateway.refund({
      paymentIntentId: refunded.intentId,
      amountCents: 500,
      idempotencyKey: randomUUID(),
    });
    const ghostRefund = await money.refunded(owner, refunded.paymentId, '5.00');
    await db
      .knex('refunds')
      .where({ id: ghostRefund.id })
      .update({ gatewayRefundId: GHOST_REFUND });
    await db.knex('refunds').where({ id: keptRefund.id }).update({ amountCents: 1_100 });

    const { differences } = await reconcileMoney(deps(), since(from));

    const seen = Object.fromEntries(differences.map((d) => [d.gatewayId, d]));
    expect(Object.keys(seen).sort()).toEqual(
      [
        unrecorded.id,
        ghost.intentId,
        GHOST_PAYMENT,
        edited.intentId,
        unreported.intentId,
        claimed.intent.paymentIntentId,
        keptRefund.gatewayRefundId,
        unrecordedRefund.id,
        GHOST_REFUND,
        ghostRefund.gatewayRefundId,
      ].sort(),
    );
    expect(seen[unrecorded.id]).toMatchObject({
      kind: 'missing_in_ledger',
      record: 'payment',
      ledgerId: null,
      ledgerAmountCents: null,
      gatewayAmountCents: 4_200,
      gatewayStatus: 'succeeded',
    });
    // The row now names an intent the gateway never made; the intent it paid has no row.
    expect(seen[GHOST_PAYMENT]).toMatchObject({
      kind: 'missing_at_gateway',
      ledgerId: ghost.paymentId,
      ledgerAmountCents: 9_000,
      gatewayAmountCents: null,
    });
    expect(seen[ghost.intentId]).toMatchObject({
      kind: 'missing_in_ledger',
      gatewayAmountCents: 9_000,
    });
    expect(seen[edited.intentId]).toMatchObject({
      kind: 'amount_differs',
      ledgerId: edited.paymentId,
      ledgerAmountCents: 8_000,
      gatewayAmountCents: 9_000,
    });
    expect(seen[unreported.intentId]).toMatchObject({
      kind: 'status_differs',
      ledgerStatus: 'requires_payment',
      gatewayStatus: 'succeeded',
    });
    expect(seen[claimed.intent.paymentIntentId]).toMatchObject({
      kind: 'status_differs',
      ledgerStatus: 'succeeded',
      gatewayStatus: 'requires_payment_method',
    });
    expect(seen[keptRefund.gatewayRefundId]).toMatchObject({
      kind: 'amount_differs',
      record: 'refund',
      paymentIntentId: refunded.intentId,
      ledgerId: keptRefund.id,
      ledgerAmountCents: 1_100,
      gatewayAmountCents: 1_000,
    });
    expect(seen[unrecordedRefund.id]).toMatchObject({
      kind: 'missing_in_ledger',
      record: 'refund',
      paymentIntentId: refunded.intentId,
      gatewayAmountCents: 500,
    });
    expect(seen[GHOST_REFUND]).toMatchObject({
      kind: 'missing_at_gateway',
      record: 'refund',
      ledgerId: ghostRefund.id,
      ledgerAmountCents: 500,
    });
    expect(seen[ghostRefund.gatewayRefundId]).toMatchObject({
      kind: 'missing_in_ledger',
      record: 'refund',
    });
    const times = differences.map((d) => d.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("reads only the running gateway's rows of the ledger", async () => {
    const from = new Date();
    const { bookingId } = await money.opened();
    await db.knex('payments').insert({
      bookingId,
      gateway: 'stripe',
      gatewayPaymentId: `pi_${randomUUID()}`,
      kind: 'full',
      amountCents: 9_000,
      status: 'succeeded',
    });
    expect(await reconcileMoney(deps(), since(from))).toMatchObject({
      checked: { payments: 1, refunds: 0 },
      differences: [],
    });
  });
});
