import { paymentChoices } from '@twinclean/shared/payments';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { paymentDepsOf } from '../../app';
import { Booking } from '../../models/booking';
import { cardWorld } from '../../test/card-world';
import { bookingRow } from '../../test/fixtures';
import { newMember } from '../../test/members';
import { insertSeries } from '../../test/series-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { spendCreditOnVisit } from '../credits/prepaid';
import { chargeVisit, sweepVisitCharges } from './visit-charges';

// Referral credit is applied to the next payment (issue 34): a series or member visit, charged
// to the saved card 12 hours before it, spends the client's credit first, once per visit.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const deps = () => paymentDepsOf(api.deps);
const booking = (id: string) => db.knex('bookings').where({ id }).first();
const payments = (bookingId: string) => db.knex('payments').where({ bookingId });
const intents = (bookingId: string) =>
  db.knex('localGatewayIntents').whereLike('idempotencyKey', `visit:${bookingId}:%`);
const giveCredit = (clientId: string, amountCents: number) =>
  db.knex('creditEntries').insert({ clientId, amountCents, kind: 'referral_reward' });
const balanceCents = async (clientId: string) => {
  const [row] = await db.knex('creditEntries').where({ clientId }).sum({ cents: 'amountCents' });
  return Number(row?.cents ?? 0);
};
const spends = (bookingId: string) => db.knex('creditEntries').where({ bookingId });

/** A visit `hours` ahead costing `cents`, no deposit, nothing paid. */
async function visit(fields: Record<string, unknown>, hours: number, cents: number) {
  const start = new Date(Date.now() + hours * HOUR);
  const [row] = await db
    .knex('bookings')
    .insert(
      bookingRow(start, {
        baseAmountCents: cents,
        totalAmountCents: cents,
        depositAmountCents: 0,
        ...fields,
      }),
    )
    .returning('id');
  return row.id as string;
}

/** A visit of a new series of a new client who has a saved card: $114.75. */
async function seriesVisit(hours = 11) {
  const series = await insertSeries(db.knex, { anchorDate: chicagoDate(new Date()) });
  await cardWorld(db.knex, series.clientId);
  const start = new Date(Date.now() + hours * HOUR);
  const id = await visit(
    {
      clientId: series.clientId,
      seriesId: series.seriesId,
      seriesDate: addDays(chicagoDate(start), 1),
    },
    hours,
    11_475,
  );
  return { id, clientId: series.clientId };
}

describe('referral credit on a charged visit', () => {
  it('a series visit spends the $20 credit and charges the card $20 less', async () => {
    const { id, clientId } = await seriesVisit();
    await giveCredit(clientId, 2000);
    await sweepVisitCharges(deps());
    expect(await booking(id)).toMatchObject({
      creditCents: 2000,
      totalAmountCents: 9475,
      amountPaidCents: 9475,
      baseAmountCents: 11_475,
    });
    expect(await payments(id)).toMatchObject([
      { kind: 'full', amountCents: 9475, status: 'succeeded' },
    ]);
    expect(await balanceCents(clientId)).toBe(0);
    expect(await spends(id)).toMatchObject([{ kind: 'booking', amountCents: -2000 }]);
  });

  it('credit bigger than the visit covers it wholly: nothing reaches the gateway, it reads paid', async () => {
    const { id, clientId } = await seriesVisit();
    await giveCredit(clientId, 15_000);
    await sweepVisitCharges(deps());
    const paid = await booking(id);
    expect(paid).toMatchObject({ creditCents: 11_475, totalAmountCents: 0, amountPaidCents: 0 });
    expect(paymentChoices(paid)).toEqual([]);
    expect(await intents(id)).toEqual([]);
    expect(await payments(id)).toEqual([]);
    expect(await balanceCents(clientId)).toBe(15_000 - 11_475);
    // Later sweeps, past the lease, leave it be.
    await sweepVisitCharges(deps(), new Date(Date.now() + HOUR));
    expect(await intents(id)).toEqual([]);
    expect(await balanceCents(clientId)).toBe(15_000 - 11_475);
  });

  it('two sweeps racing charge once and spend once', async () => {
    const { id, clientId } = await seriesVisit();
    await giveCredit(clientId, 5000);
    const now = new Date();
    await Promise.all([
      sweepVisitCharges(deps(), now),
      sweepVisitCharges(deps(), now),
      chargeVisit(deps(), id, now),
    ]);
    expect(await payments(id)).toMatchObject([{ amountCents: 6475, status: 'succeeded' }]);
    expect(await intents(id)).toHaveLength(1);
    expect(await spends(id)).toMatchObject([{ amountCents: -5000 }]);
    expect(await balanceCents(clientId)).toBe(0);
  });

  it('a takeover after a crash charges the same lowered amount and spends nothing more', async () => {
    const { id, clientId } = await seriesVisit();
    await giveCredit(clientId, 2000);
    const now = new Date();
    // The first worker claimed it, spent the credit, had the card charged and died.
    await db.knex('bookings').where({ id }).update({ visitChargeClaimedAt: now });
    await db.knex.transaction(async (trx) => {
      const claimed = await Booking.query(trx).findById(id).throwIfNotFound();
      await spendCreditOnVisit(trx, claimed, claimed.totalAmountCents);
    });
    const user = await db.knex('users').where({ id: clientId }).first();
    const card = await db
      .knex('paymentMethods')
      .where({ userId: clientId, isDefault: true })
      .first();
    const charged = await api.deps.payments.chargeSavedCard({
      customerId: user.gatewayCustomerId,
      paymentMethodId: card.gatewayPaymentMethodId,
      amountCents: 9475,
      description: 'crashed before recording',
      metadata: { bookingId: id, option: 'full' },
      idempotencyKey: `visit:${id}:9475`,
    });
    // More credit earned meanwhile stays for the next payment.
    await giveCredit(clientId, 2000);
    expect(await chargeVisit(deps(), id, new Date(now.getTime() + 11 * MINUTE))).toBe('charged');
    expect(await payments(id)).toMatchObject([{ gatewayPaymentId: charged.id, amountCents: 9475 }]);
    expect(await intents(id)).toHaveLength(1);
    expect(await spends(id)).toMatchObject([{ amountCents: -2000 }]);
    expect(await balanceCents(clientId)).toBe(2000);
  });

  it("a member's visit spends the credit the same way", async () => {
    const m = await newMember(db.knex, api.url);
    const id = await visit(
      { clientId: m.id, clientEmail: m.email, subscriptionType: 'standard', hourlyRateCents: 2500 },
      10,
      5000,
    );
    await giveCredit(m.id, 2000);
    expect(await chargeVisit(deps(), id, new Date())).toBe('charged');
    expect(await booking(id)).toMatchObject({
      creditCents: 2000,
      totalAmountCents: 3000,
      amountPaidCents: 3000,
    });
    expect(await payments(id)).toMatchObject([{ amountCents: 3000, status: 'succeeded' }]);
    expect(await balanceCents(m.id)).toBe(0);
  });
});
