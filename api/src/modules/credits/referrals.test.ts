import { REFERRAL_REFUSALS } from '@twinclean/shared/referrals';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { cents, referralKit } from '../../test/referral-kit';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// Issue 34: a new client who books through a friend's link gets the welcome credit off that very
// booking; the friend is credited once that client's visit is completed, once per referred
// client however many visits complete or clock-outs are replayed.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const kit = referralKit(db, api);

beforeAll(() => seedDemoData(db.knex));

const referralOf = (referredId: string) => db.knex('referrals').where({ referredId }).first();

describe('a booking through a friend’s link', () => {
  it('takes the welcome credit off the new client’s first booking; the deposit follows', async () => {
    const rhea = await kit.client();
    const wes = await kit.client({ firstName: 'Wes' });
    const plain = await kit.book(await kit.client());
    const gross = cents(plain.json.totalAmount);
    const booked = await kit.book(wes, { referralCode: (await kit.codeOf(rhea)).toLowerCase() });
    expect(booked.status).toBe(201);
    expect(booked.json).toMatchObject({
      creditAmount: '20.00',
      totalAmount: ((gross - 2000) / 100).toFixed(2),
      // The deposit's 40 % of what the card still pays.
      depositAmount: (Math.round((gross - 2000) * 0.4) / 100).toFixed(2),
      referralMessage: '$20.00 referral credit from Rhea is yours',
    });
    const row = await db.knex('bookings').where({ id: booked.json.id }).first();
    expect(row).toMatchObject({ creditCents: 2000, totalAmountCents: gross - 2000 });
    expect(await referralOf(wes.id)).toMatchObject({
      referrerId: rhea.id,
      bookingId: booked.json.id,
      refusedReason: null,
      referrerCreditedAt: null,
    });
    // Earned and spent at once; the friend gets nothing before the visit.
    expect(await kit.balanceCents(wes.id)).toBe(0);
    expect(await kit.balanceCents(rhea.id)).toBe(0);
    // The portal's booking shows the credit as its own line.
    const view = await wes.call('GET', `/api/bookings/${booked.json.id}`);
    expect(view.json).toMatchObject({
      creditAmount: '20.00',
      totalAmount: booked.json.totalAmount,
    });
  });

  it('gives what Pricing Config says, to each side', async () => {
    await db.knex('pricingConfig').update({ referralCreditCents: 3500, referrerCreditCents: 1500 });
    try {
      const rhea = await kit.client();
      const wes = await kit.client();
      const booked = await kit.book(wes, { referralCode: await kit.codeOf(rhea) });
      expect(booked.json).toMatchObject({ creditAmount: '35.00' });
      expect((await kit.completeVisit(booked.json.id)).out.status).toBe(200);
      expect(await kit.balanceCents(rhea.id)).toBe(1500);
    } finally {
      await db
        .knex('pricingConfig')
        .update({ referralCreditCents: 2000, referrerCreditCents: 2000 });
    }
  });

  it('says nothing of a welcome credit turned off ($0), and still credits the referrer', async () => {
    await db.knex('pricingConfig').update({ referralCreditCents: 0 });
    try {
      const rhea = await kit.client();
      const wes = await kit.client();
      const booked = await kit.book(wes, { referralCode: await kit.codeOf(rhea) });
      expect(booked.json).toMatchObject({ creditAmount: '0.00', referralMessage: null });
      expect((await kit.completeVisit(booked.json.id)).out.status).toBe(200);
      expect(await kit.balanceCents(rhea.id)).toBe(2000);
    } finally {
      await db.knex('pricingConfig').update({ referralCreditCents: 2000 });
    }
  });

  it('credits the referrer when the visit is clocked out, once, whatever completes or replays', async () => {
    const rhea = await kit.client();
    const wes = await kit.client();
    const code = await kit.codeOf(rhea);
    const first = await kit.book(wes, { referralCode: code });
    const second = await kit.book(wes);
    expect(second.json).toMatchObject({ creditAmount: '0.00', referralMessage: null });
    expect(await kit.balanceCents(rhea.id)).toBe(0);

    const visit = await kit.completeVisit(first.json.id);
    expect(visit.out.status).toBe(200);
    expect(await kit.balanceCents(rhea.id)).toBe(2000);
    expect(await visit.replay()).toEqual(visit.out);
    expect((await kit.completeVisit(second.json.id)).out.status).toBe(200);
    expect(await kit.balanceCents(rhea.id)).toBe(2000);
    expect(await db.knex('creditEntries').where({ clientId: rhea.id })).toMatchObject([
      { kind: 'referral_reward', amountCents: 2000, referralId: (await referralOf(wes.id)).id },
    ]);
    expect((await referralOf(wes.id)).referrerCreditedAt).toBeInstanceOf(Date);
  });

  it('credits the referrer once when two of the new client’s visits complete at once', async () => {
    const rhea = await kit.client();
    const wes = await kit.client();
    const first = await kit.book(wes, { referralCode: await kit.codeOf(rhea) });
    const second = await kit.book(wes);
    const done = await Promise.all([first, second].map((b) => kit.completeVisit(b.json.id)));
    expect(done.map((d) => d.out.status)).toEqual([200, 200]);
    expect(await kit.balanceCents(rhea.id)).toBe(2000);
  });

  it('is once per referred client: a second booking with the code is not a first one', async () => {
    const rhea = await kit.client();
    const wes = await kit.client();
    const code = await kit.codeOf(rhea);
    expect((await kit.book(wes, { referralCode: code })).json.creditAmount).toBe('20.00');
    const again = await kit.book(wes, { referralCode: code });
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({
      creditAmount: '0.00',
      referralMessage: REFERRAL_REFUSALS.not_first,
    });
    expect(await db.knex('referrals').where({ referredId: wes.id })).toHaveLength(1);
    expect(await kit.balanceCents(wes.id)).toBe(0);

    // A client who booked before (as a guest, under the same e-mail) is no new client either.
    const ada = await kit.client();
    const guest = await fetch(`${api.url}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77' },
      body: JSON.stringify(kit.house(ada)),
    });
    expect(guest.status).toBe(201);
    const late = await kit.book(ada, { referralCode: code });
    expect(late.json).toMatchObject({
      creditAmount: '0.00',
      referralMessage: REFERRAL_REFUSALS.not_first,
    });
    expect(await referralOf(ada.id)).toMatchObject({ refusedReason: 'not_first' });
  });

  it('welcomes a client whose only earlier booking was canceled', async () => {
    const rhea = await kit.client();
    const wes = await kit.client();
    const earlier = await kit.book(wes);
    const canceled = await wes.call('POST', `/api/bookings/${earlier.json.id}/cancel`, {
      reason: 'Changed my mind',
    });
    expect(canceled.status).toBe(200);
    const booked = await kit.book(wes, { referralCode: await kit.codeOf(rhea) });
    expect(booked.json).toMatchObject({ creditAmount: '20.00' });
  });

  it('credits once when two first bookings through the link race', async () => {
    const rhea = await kit.client();
    const wes = await kit.client();
    const code = await kit.codeOf(rhea);
    const answers = await Promise.all([0, 1, 2].map(() => kit.book(wes, { referralCode: code })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.json.creditAmount).sort()).toEqual(['0.00', '0.00', '20.00']);
    expect(answers.map((a) => a.json.referralMessage).sort()).toEqual(
      [
        '$20.00 referral credit from Rhea is yours',
        REFERRAL_REFUSALS.not_first,
        REFERRAL_REFUSALS.not_first,
      ].sort(),
    );
    expect(
      await db.knex('creditEntries').where({ clientId: wes.id, kind: 'referral_welcome' }),
    ).toHaveLength(1);
    expect(await kit.balanceCents(wes.id)).toBe(0);
  });

  it('says why a guest, the link’s owner or an unknown code gets nothing, and books anyway', async () => {
    const rhea = await kit.client();
    const code = await kit.codeOf(rhea);
    const guest = await fetch(`${api.url}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.78' },
      body: JSON.stringify({ ...kit.house(await kit.client()), referralCode: code }),
    });
    expect(guest.status).toBe(201);
    expect(await guest.json()).toMatchObject({
      creditAmount: '0.00',
      referralMessage: REFERRAL_REFUSALS.guest,
    });
    const own = await kit.book(rhea, { referralCode: code });
    expect(own).toMatchObject({
      status: 201,
      json: { creditAmount: '0.00', referralMessage: REFERRAL_REFUSALS.own_link },
    });
    const unknown = await kit.book(await kit.client(), { referralCode: 'ZZZZ9999' });
    expect(unknown).toMatchObject({
      status: 201,
      json: { creditAmount: '0.00', referralMessage: REFERRAL_REFUSALS.unknown },
    });
    expect(await db.knex('referrals').where({ referrerId: rhea.id })).toHaveLength(0);
  });
});
