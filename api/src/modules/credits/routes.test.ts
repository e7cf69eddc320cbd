import { dollarsSchema } from '@twinclean/shared/money';
import {
  clientCreditsSchema,
  REFERRAL_REFUSALS,
  referralViewSchema,
} from '@twinclean/shared/referrals';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { cents, referralKit } from '../../test/referral-kit';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// What the client reads on /client (GET /api/client/credits) and the admins on /admin/referrals
// (GET /api/admin/referrals).

const SITE = 'https://twinclean.test';
const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true, siteUrl: SITE }));
const kit = referralKit(db, api);

const adminReferralsSchema = z.object({
  referrals: z.array(referralViewSchema),
  totals: z.object({
    referrals: z.number(),
    credited: z.number(),
    refused: z.number(),
    creditGiven: dollarsSchema,
    creditOutstanding: dollarsSchema,
  }),
});

beforeAll(() => seedDemoData(db.knex));

async function adminReferrals(email: string) {
  const call = await signedInJson<unknown>(api.url, email);
  const answer = await call('GET', '/api/admin/referrals');
  expect(answer.status).toBe(200);
  return adminReferralsSchema.parse(answer.json);
}

/** Rhea referred Wes (visit done: both credited) and Ross (refused: he books at her home). */
async function twoReferrals() {
  const rhea = await kit.client({ lastName: 'Referrer' });
  const wes = await kit.client({ firstName: 'Wes', lastName: 'Hiddenlast' });
  const ross = await kit.client({ firstName: 'Ross', lastName: 'Hiddenlast' });
  const code = await kit.codeOf(rhea);
  const home = kit.street();
  await kit.book(rhea, { address: home });
  const first = await kit.book(wes, { referralCode: code });
  await kit.completeVisit(first.json.id);
  await kit.book(ross, { referralCode: code, address: home });
  return { rhea, wes, ross, first: first.json.id as string };
}

describe('GET /api/client/credits', () => {
  it('gives the client one link, what each side gets, and nothing else yet', async () => {
    const rhea = await kit.client();
    const first = clientCreditsSchema.parse(await kit.credits(rhea));
    expect(first).toEqual({
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      referralLink: `${SITE}/book?ref=${first.referralCode}`,
      friendCredit: '20.00',
      yourCredit: '20.00',
      balance: '0.00',
      firstBooking: true,
      entries: [],
      referrals: [],
    });
    expect((await kit.credits(rhea)).referralCode).toBe(first.referralCode);
    // Two first asks at once make one code.
    const wes = await kit.client();
    const [a, b] = await Promise.all([kit.credits(wes), kit.credits(wes)]);
    expect(a.referralCode).toBe(b.referralCode);
    expect(await db.knex('referralLinks').where({ userId: wes.id })).toHaveLength(1);
  });

  it('lists the ledger newest first and the friends referred by first name only', async () => {
    const { rhea, wes, first } = await twoReferrals();
    const mine = clientCreditsSchema.parse(await kit.credits(rhea));
    expect(mine).toMatchObject({
      balance: '20.00',
      entries: [{ kind: 'referral_reward', amount: '20.00', bookingId: null }],
      referrals: [
        { firstName: 'Ross', status: 'refused', refusedReason: REFERRAL_REFUSALS.same_address },
        { firstName: 'Wes', status: 'credited', refusedReason: null },
      ],
    });
    const text = JSON.stringify(mine);
    expect(text).not.toContain('Hiddenlast');
    expect(text).not.toContain(wes.email);

    // The welcome credit and its spending share an instant: the spending is listed first.
    expect(clientCreditsSchema.parse(await kit.credits(wes))).toMatchObject({
      balance: '0.00',
      entries: [
        { kind: 'booking', amount: '-20.00', bookingId: first },
        { kind: 'referral_welcome', amount: '20.00', bookingId: null },
      ],
      referrals: [],
    });
    const next = await kit.book(rhea);
    expect((await kit.credits(rhea)).entries).toMatchObject([
      { kind: 'booking', amount: '-20.00', bookingId: next.json.id },
      { kind: 'referral_reward', amount: '20.00' },
    ]);
  });

  it('says whether the next booking is a first one, as the booking decides it', async () => {
    const rhea = await kit.client();
    const first = async (c: typeof rhea) => (await kit.credits(c)).firstBooking;
    // A canceled booking leaves the next one a first booking; one kept ends it.
    const earlier = await kit.book(rhea);
    expect(await first(rhea)).toBe(false);
    const canceled = await rhea.call('POST', `/api/bookings/${earlier.json.id}/cancel`, {
      reason: 'Changed my mind',
    });
    expect(canceled.status).toBe(200);
    expect(await first(rhea)).toBe(true);
    // Referred before (even refused, and that booking since canceled): no longer a first one.
    const wes = await kit.client();
    const booked = await kit.book(wes, { referralCode: await kit.codeOf(rhea) });
    await wes.call('POST', `/api/bookings/${booked.json.id}/cancel`, { reason: 'Changed my mind' });
    expect(await first(wes)).toBe(false);
    // A guest booking under the client's e-mail counts, as at booking.
    const ada = await kit.client();
    const guest = await fetch(`${api.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(kit.house(ada)),
    });
    expect(guest.status).toBe(201);
    expect(await first(ada)).toBe(false);
  });

  it('shows a waiting referral until the visit is done', async () => {
    const rhea = await kit.client();
    const wes = await kit.client({ firstName: 'Wes' });
    await kit.book(wes, { referralCode: await kit.codeOf(rhea) });
    expect((await kit.credits(rhea)).referrals).toMatchObject([
      { firstName: 'Wes', status: 'waiting', refusedReason: null },
    ]);
  });
});

describe('GET /api/admin/referrals', () => {
  it('shows every referral with both clients, each side’s credit, the rule and the totals', async () => {
    const before = await adminReferrals(demoAccounts.owner.email);
    const { rhea, wes, ross, first } = await twoReferrals();
    const after = await adminReferrals(demoAccounts.owner.email);
    const credited = after.referrals.find((r) => r.referred.id === wes.id);
    expect(credited).toMatchObject({
      referrer: { id: rhea.id, name: 'Rhea Referrer', email: rhea.email },
      referred: { id: wes.id, name: 'Wes Hiddenlast', email: wes.email },
      bookingId: first,
      status: 'credited',
      refusedReason: null,
      referredCredit: '20.00',
      referrerCredit: '20.00',
      referrerCreditedAt: expect.any(String),
    });
    expect(after.referrals.find((r) => r.referred.id === ross.id)).toMatchObject({
      status: 'refused',
      refusedReason: 'same_address',
      referredCredit: '0.00',
      referrerCredit: '0.00',
      referrerCreditedAt: null,
    });
    // Newest first.
    expect(after.referrals[0]?.referred.id).toBe(ross.id);
    const delta = (key: 'creditGiven' | 'creditOutstanding') =>
      cents(after.totals[key]) - cents(before.totals[key]);
    expect(after.totals.referrals - before.totals.referrals).toBe(2);
    expect(after.totals.credited - before.totals.credited).toBe(1);
    expect(after.totals.refused - before.totals.refused).toBe(1);
    expect(delta('creditGiven')).toBe(4000);
    // Wes spent his welcome credit on his visit; Rhea holds her reward.
    expect(delta('creditOutstanding')).toBe(2000);
    // Staff read the same.
    expect((await adminReferrals(demoAccounts.staff.email)).totals).toEqual(after.totals);
  });
});
