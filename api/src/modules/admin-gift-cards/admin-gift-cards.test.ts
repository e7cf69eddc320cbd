import { randomUUID } from 'node:crypto';
import { GIFT_CARD_MESSAGES, giftCardViewSchema } from '@twinclean/shared/gift-cards';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import { wizardPayload } from '../../test/fixtures';
import { mailsTo, post, purchaseForm } from '../../test/gift-card-kit';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { confirmTestCard } from '../../test/test-card';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { retryGiftCardRefunds } from '../gift-cards/refund';
import { refundGiftCard } from './cards';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let owner: { id: string; call: JsonCall };
let staff: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  const ownerUser = await newUser(db.knex, 'client', { role: 'admin_owner' });
  const staffUser = await newUser(db.knex, 'client', { role: 'admin_staff' });
  owner = { id: ownerUser.id, call: await signedInJson(api.url, ownerUser.email) };
  staff = await signedInJson(api.url, staffUser.email);
});

/** A card bought and paid with the test card; its id, code and intent. */
async function paidCard(amount = '40') {
  const form = purchaseForm({ amount });
  const intent = (await post(api.url, '/api/gift-cards', form)).json;
  await confirmTestCard(api.url, intent);
  const text = (await mailsTo(db.knex, form.recipientEmail))[0].textBody as string;
  const code = /Your gift card code: (\S+)/.exec(text)?.[1] as string;
  return { id: intent.giftCardId as string, code, intentId: intent.paymentIntentId as string };
}
const gatewayRefunds = (intentId: string) => db.knex('localGatewayRefunds').where({ intentId });
const auditOf = (id: string) => db.knex('auditLog').where({ entityId: id }).orderBy('createdAt');
const card = (id: string) => db.knex('giftCards').where({ id }).first();

describe('the owner’s gift cards', () => {
  it('lists every card newest first with its use, to staff too', async () => {
    const older = await paidCard('25');
    const newer = await paidCard('30');
    const booked = await post(
      api.url,
      '/api/bookings',
      wizardPayload({
        scheduledDate: addDays(chicagoDate(new Date()), 4),
        clientEmail: `g-${randomUUID()}@example.com`,
        giftCardCode: newer.code,
      }),
    );
    expect(booked.status).toBe(201);
    const listed = await staff('GET', '/api/admin/gift-cards');
    expect(listed.status).toBe(200);
    const views = listed.json.giftCards.map((v: unknown) => giftCardViewSchema.parse(v));
    const ids = views.map((v: { id: string }) => v.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(views.find((v: { id: string }) => v.id === older.id)).toMatchObject({
      amount: '25.00',
      balance: '25.00',
      status: 'paid',
      unused: true,
      redemptions: [],
      last4: older.code.slice(-4),
    });
    expect(views.find((v: { id: string }) => v.id === newer.id)).toMatchObject({
      balance: '0.00',
      unused: false,
      redemptions: [{ bookingId: booked.json.id, amount: '30.00', released: '0.00' }],
    });
    expect(listed.json.giftCards.map((v: object) => JSON.stringify(v)).join()).not.toContain(
      older.code,
    );
  });

  it('voids an unused card, audited; staff may not', async () => {
    const { id, code } = await paidCard();
    const before = await snapshot(db.knex);
    expect(await staff('POST', `/api/admin/gift-cards/${id}/void`)).toMatchObject({
      status: 403,
    });
    expect(await staff('POST', `/api/admin/gift-cards/${id}/refund`)).toMatchObject({
      status: 403,
    });
    expect(await snapshot(db.knex)).toBe(before);

    const voided = await owner.call('POST', `/api/admin/gift-cards/${id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.json).toMatchObject({
      message: GIFT_CARD_MESSAGES.voided,
      giftCard: { id, status: 'void', unused: false },
    });
    expect(await card(id)).toMatchObject({ status: 'void', voidedBy: owner.id });
    expect(await auditOf(id)).toMatchObject([
      { action: 'gift_card.void', actorId: owner.id, after: { status: 'void' } },
    ]);
    expect(await post(api.url, '/api/gift-cards/check', { code })).toMatchObject({
      status: 422,
      json: { message: GIFT_CARD_MESSAGES.void },
    });
    expect(await owner.call('POST', `/api/admin/gift-cards/${id}/refund`)).toMatchObject({
      status: 409,
    });
  });

  it('refunds an unused card’s purchase at the gateway once, audited', async () => {
    const { id, code, intentId } = await paidCard('45');
    const answers = await Promise.all([
      owner.call('POST', `/api/admin/gift-cards/${id}/refund`),
      owner.call('POST', `/api/admin/gift-cards/${id}/refund`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)?.json).toMatchObject({
      message: GIFT_CARD_MESSAGES.refunded,
      giftCard: { status: 'refunded' },
    });
    const refunds = await gatewayRefunds(intentId);
    expect(refunds).toMatchObject([{ amountCents: 4500 }]);
    expect(await card(id)).toMatchObject({ status: 'refunded', gatewayRefundId: refunds[0].id });
    expect(await auditOf(id)).toMatchObject([{ action: 'gift_card.refund', actorId: owner.id }]);
    expect((await post(api.url, '/api/gift-cards/check', { code })).status).toBe(422);
  });

  it('refuses to void or refund a card once used, and not a card unpaid', async () => {
    const used = await paidCard('20');
    await db.knex('giftCards').where({ id: used.id }).update({ balanceCents: 1500 });
    const unpaid = (await post(api.url, '/api/gift-cards', purchaseForm())).json.giftCardId;
    const before = await snapshot(db.knex);
    for (const action of ['void', 'refund']) {
      expect(await owner.call('POST', `/api/admin/gift-cards/${used.id}/${action}`)).toMatchObject({
        status: 409,
        json: { message: GIFT_CARD_MESSAGES.used },
      });
      expect((await owner.call('POST', `/api/admin/gift-cards/${unpaid}/${action}`)).status).toBe(
        409,
      );
      expect(
        (await owner.call('POST', `/api/admin/gift-cards/${randomUUID()}/${action}`)).status,
      ).toBe(404);
    }
    expect(await snapshot(db.knex)).toBe(before);
    expect(await gatewayRefunds(used.intentId)).toHaveLength(0);
  });

  it('finishes a refund the gateway did not answer from the sweep, once', async () => {
    const { id, intentId } = await paidCard('35');
    const down: PaymentGateway = {
      ...api.deps.payments,
      refund: () => Promise.reject(new Error('gateway unreachable')),
    };
    const deps = { db: db.knex, gateway: down, logger: api.deps.logger };
    const answer = await refundGiftCard(deps, owner.id, id);
    expect(answer.giftCard.status).toBe('refunded');
    expect(answer.message).toContain('did not answer');
    expect(await gatewayRefunds(intentId)).toHaveLength(0);

    const live = { ...deps, gateway: api.deps.payments };
    // Left to the request a moment; then the sweep refunds it, and later sweeps find it done.
    expect(await retryGiftCardRefunds(live)).toBe(0);
    const later = new Date(Date.now() + 5 * 60_000);
    await Promise.all([retryGiftCardRefunds(live, later), retryGiftCardRefunds(live, later)]);
    await retryGiftCardRefunds(live, later);
    expect(await gatewayRefunds(intentId)).toMatchObject([{ amountCents: 3500 }]);
    expect((await card(id)).gatewayRefundId).not.toBeNull();
    expect(await auditOf(id)).toHaveLength(1);
  });
});
