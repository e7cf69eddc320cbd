import { markPaidAnswerSchema, payoutsPageSchema } from '@twinclean/shared/admin';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalGateway } from '../../adapters/payments/local-gateway';
import { useMoneyWorld } from '../../test/money-fixtures';
import { newUser, signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { finishedVisit } from '../../test/tips-world';

// Issue 32: a tip that lands after Mark Paid is owed, and Mark Paid again pays it out once.

const { db, api, money, ready } = useMoneyWorld();
let owner: JsonCall;
let staff: JsonCall;
let gateway: LocalGateway;
let provider: { id: string; email: string };
beforeAll(async () => {
  ({ owner, gateway } = await ready());
  staff = await signedInJson(api.url, 'staff@example.com');
  provider = await newUser(db.knex, 'provider', { firstName: 'Pia' });
});

const card = { cardNumber: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' };
const payoutOf = (bookingId: string) => db.knex('payouts').where({ bookingId }).first();
const listed = async (id: string) =>
  payoutsPageSchema
    .parse((await staff('GET', `/api/admin/payouts?providerId=${provider.id}`)).json)
    .items.find((p) => p.id === id);
const markPaid = (id: string) => staff('PATCH', `/api/admin/payouts/${id}/mark-paid`);

/** A client's finished visit (its payout `fields`) and a way to tip it through the real routes. */
async function visitToTip(fields: Record<string, unknown> = {}) {
  const client = await signedInClient(db.knex, api.url);
  const visit = await finishedVisit(db.knex, { clientId: client.id, providerId: provider.id });
  if (Object.keys(fields).length > 0) {
    await db.knex('payouts').where({ bookingId: visit }).update(fields);
  }
  const tip = async (amount: string) => {
    const opened = await client.call('POST', `/api/bookings/${visit}/tips`, { amount });
    expect(opened.status).toBe(200);
    const intent = opened.json as { paymentIntentId: string; clientSecret: string };
    await gateway.confirm(intent.paymentIntentId, { clientSecret: intent.clientSecret, ...card });
    const recorded = await client.call('POST', `/api/bookings/${visit}/tips/record`, {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(recorded.status).toBe(200);
    return db.knex('payments').where({ gatewayPaymentId: intent.paymentIntentId }).first();
  };
  return { visit, id: (await payoutOf(visit)).id as string, tip };
}

describe('a tip after Mark Paid', () => {
  it('is owed, listed and exported, and Mark Paid again settles it once, two clicks at once', async () => {
    const { visit, id, tip } = await visitToTip();
    await tip('10');
    const first = await markPaid(id);
    expect(markPaidAnswerSchema.parse(first.json)).toMatchObject({
      message: 'Payout marked as paid',
      payout: { status: 'paid', tip: '10.00', tipOwed: '0.00' },
    });
    expect(await payoutOf(visit)).toMatchObject({ tipCents: 1000, tipPaidCents: 1000 });
    const paidAt = (await payoutOf(visit)).paidAt;

    await tip('7.50');
    expect(await listed(id)).toMatchObject({
      status: 'paid',
      tip: '17.50',
      tipOwed: '7.50',
      tipRefundedAfterPayout: '0.00',
      payability: { payable: true },
    });
    const download = await signInAs(api.url, 'staff@example.com');
    const csv = await (
      await download(`/api/admin/exports/payouts.csv?providerId=${provider.id}`)
    ).text();
    const [header, ...rows] = csv.replace('\uFEFF', '').trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns.indexOf('Tip Owed')).toBe(columns.indexOf('Tip') + 1);
    expect(rows.filter((r) => r.endsWith(',17.50,7.50'))).toHaveLength(1);

    const both = await Promise.all([markPaid(id), markPaid(id)]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(both.map((a) => a.json.message).sort()).toEqual([
      'Payout marked as paid',
      'Tip marked as paid',
    ]);
    for (const answer of both) {
      expect(markPaidAnswerSchema.parse(answer.json).payout).toMatchObject({
        tipOwed: '0.00',
        payability: { payable: false, code: 'already_paid' },
      });
    }
    // The payout's own payment stays as it was; the tip is paid out once, in the audit log.
    expect(await payoutOf(visit)).toMatchObject({ tipCents: 1750, tipPaidCents: 1750, paidAt });
    const log = await db.knex('auditLog').where({ entity: 'payout', entityId: id }).orderBy('id');
    expect(log.map((l) => l.action)).toEqual(['payout.mark_paid', 'payout.mark_tip_paid']);
    expect(log[1]).toMatchObject({ before: { tipPaidCents: 1000 }, after: { tipPaidCents: 1750 } });

    // Nothing owed: a further click changes nothing.
    const settled = await snapshot(db.knex);
    expect((await markPaid(id)).status).toBe(200);
    expect(await snapshot(db.knex)).toBe(settled);
  });

  it('refunded after it was paid out: nothing owed, never negative, and the refund shows', async () => {
    const { visit, id, tip } = await visitToTip();
    const payment = await tip('12');
    expect((await markPaid(id)).status).toBe(200);
    await money.refunded(owner, payment.id, '5.00');
    expect(await payoutOf(visit)).toMatchObject({ tipCents: 700, tipPaidCents: 1200 });
    expect(await listed(id)).toMatchObject({
      tip: '7.00',
      tipOwed: '0.00',
      tipRefundedAfterPayout: '5.00',
      payability: { payable: false, code: 'already_paid' },
    });
    const before = await snapshot(db.knex);
    expect((await markPaid(id)).json.message).toBe('Payout marked as paid');
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('a $0.00 payout with a tip', () => {
  it('is payable for its tip, and paid like any other', async () => {
    const zero = {
      hoursWorked: 0,
      hoursPaid: 0,
      baseAmountCents: 0,
      waitPayCents: 0,
      totalAmountCents: 0,
    };
    const { visit, id, tip } = await visitToTip(zero);
    expect(await listed(id)).toMatchObject({ payability: { code: 'nothing_to_pay' } });
    await tip('9');
    expect(await listed(id)).toMatchObject({
      totalAmount: '0.00',
      tip: '9.00',
      tipOwed: '0.00',
      payability: { payable: true },
    });
    const paid = await markPaid(id);
    expect(paid.status).toBe(200);
    expect(await payoutOf(visit)).toMatchObject({ status: 'paid', tipPaidCents: 900 });
  });
});
