import { randomUUID } from 'node:crypto';
import { GIFT_CARD_MESSAGES } from '@twinclean/shared/gift-cards';
import { dollarsToCents } from '@twinclean/shared/money';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { wizardPayload } from '../../test/fixtures';
import { cardWithCode, post } from '../../test/gift-card-kit';
import { signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { printedCode } from './code';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let houseCents: number;
beforeAll(async () => {
  await seedDemoData(db.knex);
  const plain = await post(api.url, '/api/bookings', house({}));
  houseCents = dollarsToCents(plain.json.totalAmount);
});

const house = (fields: Record<string, unknown>) =>
  wizardPayload({
    scheduledDate: addDays(chicagoDate(new Date()), 5),
    clientEmail: `gift-${randomUUID()}@example.com`,
    ...fields,
  });
const balanceOf = async (id: string) =>
  (await db.knex('giftCards').where({ id }).first()).balanceCents as number;

describe('checking a gift card', () => {
  it('answers what a code has left, however it is typed, or why it cannot be spent', async () => {
    const card = await cardWithCode(db.knex, { amountCents: 5000, balanceCents: 1234 });
    expect(
      await post(api.url, '/api/gift-cards/check', { code: ` ${printedCode(card.code)} ` }),
    ).toEqual({ status: 200, json: { last4: card.code.slice(-4), balance: '12.34' } });

    const empty = await cardWithCode(db.knex, { balanceCents: 0 });
    const voided = await cardWithCode(db.knex, { status: 'void' });
    const unpaid = await cardWithCode(db.knex, { status: 'awaiting_payment' });
    const before = await snapshot(db.knex);
    for (const [code, message] of [
      ['NOPE-NOPE-NOPE', GIFT_CARD_MESSAGES.unknown],
      ['', GIFT_CARD_MESSAGES.unknown],
      [unpaid.code, GIFT_CARD_MESSAGES.unknown],
      [empty.code, GIFT_CARD_MESSAGES.empty],
      [voided.code, GIFT_CARD_MESSAGES.void],
    ] as const) {
      expect(await post(api.url, '/api/gift-cards/check', { code }), code).toMatchObject({
        status: 422,
        json: { message, details: { fields: { code: message } } },
      });
    }
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('a gift card at checkout', () => {
  it('spends all of a $50 card on a house cleaning costing more', async () => {
    expect(houseCents).toBeGreaterThan(5000);
    const card = await cardWithCode(db.knex, { amountCents: 5000 });
    const booked = await post(api.url, '/api/bookings', house({ giftCardCode: card.code }));
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    const total = houseCents - 5000;
    expect(booked.json).toMatchObject({
      giftCardAmount: '50.00',
      totalAmount: (total / 100).toFixed(2),
      depositAmount: (Math.round(total * 0.4) / 100).toFixed(2),
    });
    expect(await db.knex('bookings').where({ id: booked.json.id }).first()).toMatchObject({
      giftCardCents: 5000,
      totalAmountCents: total,
    });
    expect(await balanceOf(card.id)).toBe(0);
    expect(await db.knex('giftCardRedemptions').where({ giftCardId: card.id })).toMatchObject([
      { bookingId: booked.json.id, amountCents: 5000, releasedCents: 0 },
    ]);
    const again = await post(api.url, '/api/bookings', house({ giftCardCode: card.code }));
    expect(again).toMatchObject({
      status: 422,
      json: { details: { fields: { giftCardCode: GIFT_CARD_MESSAGES.empty } } },
    });
  });

  it('covers a booking wholly when worth more, and keeps the rest', async () => {
    const card = await cardWithCode(db.knex, { amountCents: 50_000 });
    const booked = await post(api.url, '/api/bookings', house({ giftCardCode: card.code }));
    expect(booked.status).toBe(201);
    expect(booked.json).toMatchObject({
      giftCardAmount: (houseCents / 100).toFixed(2),
      totalAmount: '0.00',
      depositAmount: '0.00',
    });
    expect(await balanceOf(card.id)).toBe(50_000 - houseCents);
  });

  it('never spends more than a card holds when bookings race for it', async () => {
    const card = await cardWithCode(db.knex, { amountCents: houseCents + 3000 });
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(api.url, '/api/bookings', house({ giftCardCode: card.code }))),
    );
    const made = answers.filter((a) => a.status === 201);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused).toMatchObject({ status: 422, json: { message: GIFT_CARD_MESSAGES.empty } });
    }
    const spent = made.map((a) => dollarsToCents(a.json.giftCardAmount));
    expect(spent.sort((a, b) => b - a)).toEqual([houseCents, 3000]);
    expect(await balanceOf(card.id)).toBe(0);
    const rows = await db.knex('giftCardRedemptions').where({ giftCardId: card.id });
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(houseCents + 3000);
  });

  it('gives the balance back when the booking is canceled', async () => {
    const client = await signedInClient(db.knex, api.url);
    const card = await cardWithCode(db.knex, { amountCents: 4000 });
    const booked = await client.call(
      'POST',
      '/api/bookings',
      house({ clientEmail: client.email, giftCardCode: card.code }),
    );
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    expect(await balanceOf(card.id)).toBe(0);
    const canceled = await client.call('POST', `/api/bookings/${booked.json.id}/cancel`, {
      reason: 'Plans changed',
    });
    expect(canceled.status, JSON.stringify(canceled.json)).toBe(200);
    expect(await balanceOf(card.id)).toBe(4000);
    expect(await db.knex('giftCardRedemptions').where({ giftCardId: card.id })).toMatchObject([
      { amountCents: 4000, releasedCents: 4000 },
    ]);
    const check = await post(api.url, '/api/gift-cards/check', { code: card.code });
    expect(check.json.balance).toBe('40.00');
  });
});
