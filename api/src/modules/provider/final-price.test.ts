import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { signInAs } from '../../test/sign-in';
import { insertSpecialJob, type SpecialKind } from '../../test/special-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

async function signedIn(email: string) {
  const request = await signInAs(api.url, email);
  return async (id: string, body: unknown) => {
    const res = await request(`/api/provider/jobs/${id}/final-price`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}

const start = chicagoInstant(addDays(chicagoDate(new Date()), 3), '10:00');
const mariasJob = (kind: SpecialKind, options: { greenCleaning?: boolean } = {}) =>
  insertSpecialJob(db.knex, kind, { start, providerId: demoAccounts.provider.id, ...options });
const stored = (id: string) => db.knex('bookings').where({ id }).first();

let confirm: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  await seedDemoData(db.knex);
  confirm = await signedIn(demoAccounts.provider.email);
});

describe('confirming the final price', () => {
  it("sets a carpet job's total and deposit, keeps the estimate, and pays the share of it", async () => {
    const job = await mariasJob('carpet');
    const answer = await confirm(job, { totalAmount: '298.50' });
    expect(answer).toMatchObject({
      status: 200,
      json: {
        id: job,
        priceIsFinal: true,
        estimatedAmount: '325.00',
        clientAmount: '298.50',
        totalAmount: '179.10', // 60 % of $298.50
      },
    });
    expect(await stored(job)).toMatchObject({
      totalAmountCents: 29_850,
      baseAmountCents: 29_850,
      estimatedAmountCents: 32_500,
      depositAmountCents: 11_940, // 40 %
      priceIsFinal: true,
    });
  });

  it('works for a rug job, green cleaning included in the total', async () => {
    const job = await mariasJob('dry_cleaning', { greenCleaning: true });
    expect(await confirm(job, { totalAmount: '240' })).toMatchObject({
      status: 200,
      json: { clientAmount: '240.00', estimatedAmount: '210.00', totalAmount: '144.00' },
    });
    expect(await stored(job)).toMatchObject({
      totalAmountCents: 24_000,
      baseAmountCents: 22_000,
      greenCleaningFeeCents: 2_000,
      depositAmountCents: 9_600,
    });
  });

  it('answers 409 once the price is final, and changes nothing', async () => {
    const job = await mariasJob('carpet');
    expect((await confirm(job, { totalAmount: '300.00' })).status).toBe(200);
    const again = await confirm(job, { totalAmount: '350.00' });
    expect(again).toMatchObject({
      status: 409,
      json: {
        code: 'price_already_final',
        message: 'The final price of this job is already confirmed.',
      },
    });
    expect((await stored(job)).totalAmountCents).toBe(30_000);
  });

  it('answers 409 for laundry and house cleaning, whose prices are set at booking', async () => {
    const laundry = await mariasJob('laundry');
    const [house] = await db
      .knex('bookings')
      .insert(bookingRow(start, { providerId: demoAccounts.provider.id, assignedAt: new Date() }))
      .returning('id');
    for (const id of [laundry, house.id]) {
      expect(await confirm(id, { totalAmount: '100.00' })).toMatchObject({
        status: 409,
        json: { code: 'price_not_confirmable' },
      });
    }
    expect((await stored(laundry)).totalAmountCents).toBe(12_500);
  });

  it('answers 409 for a canceled or completed job', async () => {
    const canceled = await mariasJob('carpet');
    await db
      .knex('bookings')
      .where({ id: canceled })
      .update({ canceledAt: new Date(), cancellationReason: 'Moved away' });
    expect(await confirm(canceled, { totalAmount: '100.00' })).toMatchObject({
      status: 409,
      json: { code: 'job_canceled' },
    });
    const done = await mariasJob('carpet');
    await db
      .knex('bookings')
      .where({ id: done })
      .update({ clockInAt: new Date(Date.now() - 7_200_000), clockOutAt: new Date() });
    expect(await confirm(done, { totalAmount: '100.00' })).toMatchObject({
      status: 409,
      json: { code: 'job_completed' },
    });
  });

  it("answers 404 for another provider's job or an open one, as for none, and changes nothing", async () => {
    const aminas = await insertSpecialJob(db.knex, 'carpet', {
      start,
      providerId: demoAccounts.provider2.id,
    });
    const open = await insertSpecialJob(db.knex, 'carpet', { start });
    const none = await confirm('6f1c2b9e-8a4d-4c3b-9f00-1234567890ab', { totalAmount: '100.00' });
    expect(none).toMatchObject({ status: 404, json: { message: 'Job not found.' } });
    for (const id of [aminas, open]) {
      expect(await confirm(id, { totalAmount: '100.00' })).toEqual(none);
      expect(await stored(id)).toMatchObject({ totalAmountCents: 32_500, priceIsFinal: false });
    }
  });

  it('answers 400 for an amount that is not a price from $0.01 to $10,000, and changes nothing', async () => {
    const job = await mariasJob('carpet', { greenCleaning: true });
    const cases: [unknown, string][] = [
      ['0.00', 'The final price must be more than $0.00 and at most $10,000.00'],
      ['10000.01', 'The final price must be more than $0.00 and at most $10,000.00'],
      ['-5.00', 'Enter the price in dollars, like 180.00'],
      ['12.345', 'Enter the price in dollars, like 180.00'],
      ['lots', 'Enter the price in dollars, like 180.00'],
      [250, 'Enter the price in dollars, like 180.00'],
      [undefined, 'Enter the price in dollars, like 180.00'],
    ];
    for (const [totalAmount, message] of cases) {
      expect(await confirm(job, { totalAmount }), String(totalAmount)).toMatchObject({
        status: 400,
        json: { code: 'validation_error', message: `totalAmount: ${message}` },
      });
    }
    // Below the green-cleaning fee the rest of the price would be negative.
    expect(await confirm(job, { totalAmount: '15.00' })).toMatchObject({
      status: 400,
      json: {
        code: 'price_below_fees',
        message: 'The final price must cover the green cleaning fee of $20.00.',
      },
    });
    expect(await stored(job)).toMatchObject({ totalAmountCents: 34_500, priceIsFinal: false });
    // The largest price is a price, though far from the estimate: it waits for the client.
    expect(await confirm(job, { totalAmount: '10000.00' })).toMatchObject({
      status: 200,
      json: { clientAmount: '345.00', priceAwaitingApproval: '10000.00', priceIsFinal: false },
    });
  });

  it('never sets a price below what the client has already paid', async () => {
    const job = await mariasJob('carpet');
    await db.knex('bookings').where({ id: job }).update({ amountPaidCents: 13_000 });
    expect(await confirm(job, { totalAmount: '100.00' })).toMatchObject({
      status: 400,
      json: { code: 'price_below_paid' },
    });
  });
});
