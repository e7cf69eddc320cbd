import { giftCardPurchaseAnswerSchema } from '@twinclean/shared/gift-cards';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { GiftCard } from '../../models/gift-card';
import { mailsTo, post, purchaseForm } from '../../test/gift-card-kit';
import { confirmTestCard } from '../../test/test-card';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { giftCardHash } from './code';
import { deliverDueGiftCards } from './delivery';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true, siteUrl: 'https://twinclean.test' }));

beforeAll(() => seedDemoData(db.knex));

/** A card for `deliverOn`, bought and paid with the test card. */
async function paidFor(deliverOn: string) {
  const form = purchaseForm({ deliverOn, amount: '60', purchaserName: 'Gus Giver' });
  const bought = await post(api.url, '/api/gift-cards', form);
  const intent = giftCardPurchaseAnswerSchema.parse(bought.json);
  await confirmTestCard(api.url, intent);
  expect((await post(api.url, `/api/gift-cards/${intent.giftCardId}/paid`, intent)).status).toBe(
    200,
  );
  return { form, id: intent.giftCardId };
}

const deps = () => ({ ...api.deps, siteUrl: 'https://twinclean.test' });

describe('delivering a gift card on its day', () => {
  it('waits for a later day, then sends the code once though two sweeps race for it', async () => {
    const day = addDays(chicagoDate(new Date()), 3);
    const { form, id } = await paidFor(day);
    expect((await mailsTo(db.knex, form.purchaserEmail))[0].textBody).toContain(
      `We will e-mail it to Rae Recipient at ${form.recipientEmail} on`,
    );
    expect(await mailsTo(db.knex, form.recipientEmail)).toHaveLength(0);

    // Today, and the evening before its day in Chicago: not yet.
    await deliverDueGiftCards(deps());
    await deliverDueGiftCards(deps(), chicagoInstant(addDays(day, -1), '23:59'));
    expect(await mailsTo(db.knex, form.recipientEmail)).toHaveLength(0);
    expect((await GiftCard.query(db.knex).findById(id))?.deliveredAt).toBeNull();

    const morning = chicagoInstant(day, '00:01');
    await Promise.all([deliverDueGiftCards(deps(), morning), deliverDueGiftCards(deps(), morning)]);
    await deliverDueGiftCards(deps(), chicagoInstant(day, '09:00'));
    const sent = await mailsTo(db.knex, form.recipientEmail);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      template: 'gift_card_delivery',
      subject: 'Gus Giver sent you a $60.00 TwinClean gift card',
    });
    const text = sent[0].textBody as string;
    const printed = /Your gift card code: (\w{4}-\w{4}-\w{4})\n/.exec(text)?.[1] as string;
    const card = await GiftCard.query(db.knex).findById(id).throwIfNotFound();
    expect(giftCardHash(printed.replaceAll('-', ''))).toBe(card.codeHash);
    expect(text).toContain('“Enjoy a clean home”');
    expect(text).toContain('https://twinclean.test/book');
    expect(sent[0].htmlBody).toContain(printed);
    expect(card.deliveredAt?.getTime()).toBe(morning.getTime());

    // The code it sent works at checkout.
    expect(await post(api.url, '/api/gift-cards/check', { code: printed.toLowerCase() })).toEqual({
      status: 200,
      json: { last4: card.codeLast4, balance: '60.00' },
    });
  });

  it('never sends a card voided before its day', async () => {
    const day = addDays(chicagoDate(new Date()), 1);
    const { form, id } = await paidFor(day);
    await GiftCard.query(db.knex).findById(id).patch({ status: 'void', voidedAt: new Date() });
    await deliverDueGiftCards(deps(), chicagoInstant(day, '08:00'));
    expect(await mailsTo(db.knex, form.recipientEmail)).toHaveLength(0);
  });
});
