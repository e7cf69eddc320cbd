import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { carpetPayload } from '../../test/fixtures';
import { JOB_POINT } from '../../test/punch-fixtures';
import { type Client, cents, referralKit } from '../../test/referral-kit';
import { signedInJson } from '../../test/sign-in';
import { confirmTestCard } from '../../test/test-card';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// Referral credit is balance, never cash (DECISIONS.md "Service area and promotions"): spent by
// itself on the client's next booking before the card, given back whole when that booking is
// canceled, and what a lower final price no longer needs goes back too. The provider's share
// is of the price of the work, whatever the credit covered.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const kit = referralKit(db, api);

beforeAll(() => seedDemoData(db.knex));

/** Credit on the client's ledger straight in the table (how it was earned is another test's). */
const giveCredit = (client: Client, amountCents: number) =>
  db.knex('creditEntries').insert({ clientId: client.id, amountCents, kind: 'referral_reward' });

const kinds = async (clientId: string) =>
  (
    await db.knex('creditEntries').where({ clientId }).orderBy('createdAt').orderBy('amountCents')
  ).map((e) => [e.kind, e.amountCents]);

describe('spending referral credit', () => {
  it('spends the referrer’s credit on their next booking, and gives it back if it is canceled', async () => {
    const rhea = await kit.client();
    const wes = await kit.client();
    const first = await kit.book(wes, { referralCode: await kit.codeOf(rhea) });
    await kit.completeVisit(first.json.id);
    expect(await kit.balanceCents(rhea.id)).toBe(2000);

    const plain = await kit.book(await kit.client());
    const gross = cents(plain.json.totalAmount);
    const next = await kit.book(rhea);
    expect(next.json).toMatchObject({
      creditAmount: '20.00',
      totalAmount: ((gross - 2000) / 100).toFixed(2),
      depositAmount: (Math.round((gross - 2000) * 0.4) / 100).toFixed(2),
      referralMessage: null,
    });
    expect(await kit.balanceCents(rhea.id)).toBe(0);

    // The card pays the rest; canceling refunds that in cash and puts the credit back.
    const id = next.json.id as string;
    const intent = await rhea.call('POST', `/api/bookings/${id}/create-payment-intent`, {
      option: 'full',
    });
    expect(intent.json.amount).toBe(next.json.totalAmount);
    expect(await confirmTestCard(api.url, intent.json)).toMatchObject({ status: 'succeeded' });
    const canceled = await rhea.call('POST', `/api/bookings/${id}/cancel`, { reason: 'Away' });
    expect(canceled.status).toBe(200);
    const refunds = await db
      .knex('refunds')
      .join('payments', 'payments.id', 'refunds.paymentId')
      .where('payments.bookingId', id)
      .select('refunds.amountCents');
    expect(refunds).toEqual([{ amountCents: gross - 2000 }]);
    expect(await kit.balanceCents(rhea.id)).toBe(2000);
    expect(await kinds(rhea.id)).toEqual([
      ['referral_reward', 2000],
      ['booking', -2000],
      ['booking_released', 2000],
    ]);
    // Canceling again gives nothing more back.
    expect((await rhea.call('POST', `/api/bookings/${id}/cancel`, { reason: 'Away' })).status).toBe(
      409,
    );
    expect(await kit.balanceCents(rhea.id)).toBe(2000);
    // And the next booking spends it again.
    expect((await kit.book(rhea)).json.creditAmount).toBe('20.00');
  });

  it('covers a whole booking when the credit is larger, keeping the rest', async () => {
    const client = await kit.client();
    await giveCredit(client, 50_000);
    const booked = await kit.book(client);
    const spent = cents(booked.json.creditAmount);
    expect(spent).toBeGreaterThan(0);
    expect(booked.json).toMatchObject({ totalAmount: '0.00', depositAmount: '0.00' });
    expect(await kit.balanceCents(client.id)).toBe(50_000 - spent);
  });

  it('gives back what a lower final price no longer needs; the provider’s share is of the work', async () => {
    const client = await kit.client();
    await giveCredit(client, 30_000);
    const carpet = await client.call(
      'POST',
      '/api/bookings/carpet',
      carpetPayload({ email: client.email, address: kit.street() }),
    );
    expect(carpet.status).toBe(201);
    // The $325 estimate less $300 of credit; the deposit is 40 % of what is left.
    expect(carpet.json).toMatchObject({
      creditAmount: '300.00',
      totalAmount: '25.00',
      depositAmount: '10.00',
    });
    const id = carpet.json.id as string;
    await db
      .knex('bookings')
      .where({ id })
      .update({ ...JOB_POINT, providerId: demoAccounts.provider.id, assignedAt: new Date() });
    const maria = await signedInJson<Record<string, unknown>>(api.url, demoAccounts.provider.email);
    // 60 % of the $325 estimate, not of the $25 the card pays.
    expect((await maria('GET', `/api/provider/jobs/${id}`)).json).toMatchObject({
      totalAmount: '195.00',
    });

    const priced = await maria('POST', `/api/provider/jobs/${id}/final-price`, {
      totalAmount: '270.00',
    });
    expect(priced.status).toBe(200);
    expect(await db.knex('bookings').where({ id }).first()).toMatchObject({
      creditCents: 27_000,
      totalAmountCents: 0,
      depositAmountCents: 0,
    });
    expect(await kit.balanceCents(client.id)).toBe(3000);
    expect(await kinds(client.id)).toContainEqual(['booking_released', 3000]);
    expect((await maria('GET', `/api/provider/jobs/${id}`)).json).toMatchObject({
      totalAmount: '162.00', // 60 % of $270.00
    });

    const { out } = await kit.completeVisit(id);
    expect(out).toMatchObject({ status: 200, json: { payout: { totalAmount: '162.00' } } });
    expect(await db.knex('payouts').where({ bookingId: id }).first()).toMatchObject({
      totalAmountCents: 16_200,
    });
  });

  it('keeps two bookings at once from spending the same credit twice', async () => {
    const client = await kit.client();
    await giveCredit(client, 2500);
    const answers = await Promise.all([0, 1].map(() => kit.book(client)));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const spent = answers.map((a) => cents(a.json.creditAmount));
    expect(spent.reduce((a, b) => a + b, 0)).toBe(2500);
    expect(await kit.balanceCents(client.id)).toBe(0);
    const spends = await db.knex('creditEntries').where({ clientId: client.id, kind: 'booking' });
    expect(spends.map((e) => e.bookingId).sort()).toEqual(
      answers
        .filter((a) => a.json.creditAmount !== '0.00')
        .map((a) => a.json.id)
        .sort(),
    );
  });
});
