import {
  GIFT_CARD_DELIVERY_DAYS_AHEAD,
  giftCardPaidAnswerSchema,
  giftCardPurchaseAnswerSchema,
} from '@twinclean/shared/gift-cards';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { mailsTo, post, purchaseForm, storedMailsTo } from '../../test/gift-card-kit';
import { snapshot } from '../../test/route-world';
import { confirmTestCard } from '../../test/test-card';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { giftCardHash } from './code';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

beforeAll(() => seedDemoData(db.knex));

const buy = async (fields: Record<string, unknown> = {}) => {
  const form = purchaseForm(fields);
  const answer = await post(api.url, '/api/gift-cards', form);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return { form, intent: giftCardPurchaseAnswerSchema.parse(answer.json) };
};
const cardRow = (id: string) => db.knex('giftCards').where({ id }).first();
const reportPaid = (id: string, paymentIntentId: string) =>
  post(api.url, `/api/gift-cards/${id}/paid`, { paymentIntentId });

describe('buying a gift card', () => {
  it('is paid once with the test card, however often the card form and the browser report it', async () => {
    const { form, intent } = await buy({ amount: '75' });
    expect(intent).toMatchObject({ amount: '75.00', gateway: 'local', publishableKey: null });
    expect(await cardRow(intent.giftCardId)).toMatchObject({
      status: 'awaiting_payment',
      amountCents: 7500,
      balanceCents: 7500,
      gatewayPaymentId: intent.paymentIntentId,
      paidAt: null,
    });
    expect(await mailsTo(db.knex, form.purchaserEmail)).toHaveLength(0);

    // The LocalGateway's form records the payment as Stripe's webhook would.
    expect(await confirmTestCard(api.url, intent)).toMatchObject({ status: 'succeeded' });
    expect(await cardRow(intent.giftCardId)).toMatchObject({ status: 'paid' });
    const answers = await Promise.all([
      reportPaid(intent.giftCardId, intent.paymentIntentId),
      reportPaid(intent.giftCardId, intent.paymentIntentId),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(giftCardPaidAnswerSchema.parse(answer.json)).toEqual({
        message: 'Gift card purchased',
        amount: '75.00',
        recipientEmail: form.recipientEmail,
        deliverOn: form.deliverOn,
      });
    }
    const receipts = await mailsTo(db.knex, form.purchaserEmail);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ template: 'gift_card_receipt' });
    expect(receipts[0].textBody).toContain(
      '$75.00 TwinClean gift card, paid with the card ending 4242',
    );
    // Today's card goes to the recipient at once, once.
    const delivered = await mailsTo(db.knex, form.recipientEmail);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].template).toBe('gift_card_delivery');

    // The code is in the e-mail, and nowhere in the card's row as it is.
    const printed = /Your gift card code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(
      delivered[0].textBody,
    )?.[1];
    expect(printed).toBeDefined();
    expect(receipts[0].textBody).not.toContain(printed);
    const code = (printed as string).replaceAll('-', '');
    const row = await cardRow(intent.giftCardId);
    expect(row.codeHash).toBe(giftCardHash(code));
    expect(row.codeLast4).toBe(code.slice(-4));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(printed);
    expect(row.codeSealed).toMatch(/^v1:/);
    // The outbox keeps the recipient's e-mail sealed too: a dump of it reads no code.
    const [stored] = await storedMailsTo(db.knex, form.recipientEmail);
    expect(stored.sealed).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(printed);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('refuses a browser that claims a payment the gateway has not made, or another card’s', async () => {
    const { intent: mine } = await buy();
    const { intent: theirs } = await buy();
    await confirmTestCard(api.url, theirs);
    const before = await snapshot(db.knex);
    expect(await reportPaid(mine.giftCardId, mine.paymentIntentId)).toMatchObject({
      status: 402,
      json: { code: 'payment_failed' },
    });
    expect(await reportPaid(mine.giftCardId, theirs.paymentIntentId)).toMatchObject({
      status: 409,
      json: { code: 'intent_mismatch' },
    });
    expect(await reportPaid(mine.giftCardId, 'pi_local_nothing')).toMatchObject({ status: 404 });
    expect(await snapshot(db.knex)).toBe(before);
    expect(await cardRow(mine.giftCardId)).toMatchObject({ status: 'awaiting_payment' });

    // A declined card leaves it waiting; the right card then pays it.
    const declined = await confirmTestCard(api.url, mine, TEST_CARDS.declines);
    expect(declined.status).not.toBe('succeeded');
    expect((await reportPaid(mine.giftCardId, mine.paymentIntentId)).status).toBe(402);
    await confirmTestCard(api.url, mine);
    expect((await reportPaid(mine.giftCardId, mine.paymentIntentId)).status).toBe(200);
  });

  it('takes a delivery day from today to a year ahead, and nothing else', async () => {
    const today = chicagoDate(new Date());
    const before = await snapshot(db.knex);
    for (const deliverOn of [
      addDays(today, -1),
      addDays(today, GIFT_CARD_DELIVERY_DAYS_AHEAD + 1),
      '2027-02-30',
    ]) {
      const refused = await post(api.url, '/api/gift-cards', purchaseForm({ deliverOn }));
      expect(refused.status, deliverOn).toBe(400);
      expect(refused.json.details.fields.deliverOn).toBe(refused.json.message);
    }
    for (const amount of ['5', '501', '20.50', 'lots']) {
      expect((await post(api.url, '/api/gift-cards', purchaseForm({ amount }))).status).toBe(400);
    }
    expect(await snapshot(db.knex)).toBe(before);
    const later = await buy({ deliverOn: addDays(today, GIFT_CARD_DELIVERY_DAYS_AHEAD) });
    expect(later.intent.amount).toBe('50.00');
  });
});
