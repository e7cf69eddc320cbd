import { clientBookingSchema, clientBookingSummarySchema } from '@twinclean/shared/client-bookings';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { newUser, signedInClient } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// What the client is asked to pay and when (shared/src/payment-due.ts), as the portal's answers
// carry it, and the server charging by the same rule.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;

beforeAll(async () => {
  await seedDemoData(db.knex);
});

/** A house booking of the client's 72 h ahead (2 h at $45: $90, $36 deposit). */
async function booking(clientId: string, fields: Record<string, unknown> = {}) {
  const start = new Date(Math.floor(Date.now() / 60_000 + 72 * 60) * 60_000);
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(start, { clientId, ...fields }))
    .returning(['id', 'scheduledAt']);
  return { id: row.id as string, scheduledAt: row.scheduledAt as Date };
}

type Caller = Awaited<ReturnType<typeof signedInClient>>['call'];
const summaryOf = async (call: Caller, id: string) =>
  clientBookingSummarySchema.parse(
    ((await call('GET', '/api/bookings')).json as { id: string }[]).find((b) => b.id === id),
  );
const viewOf = async (call: Caller, id: string) =>
  clientBookingSchema.parse((await call('GET', `/api/bookings/${id}`)).json);

describe('what the client is asked to pay', () => {
  it('nothing is due before a provider is assigned; the deposit once requested; then the balance quietly', async () => {
    const { id: clientId, call } = await signedInClient(db.knex, api.url);
    const { id, scheduledAt } = await booking(clientId);
    expect(await summaryOf(call, id)).toMatchObject({ amountDue: null });
    expect((await viewOf(call, id)).paymentPlan).toEqual({
      kind: 'required',
      dueAt: null,
      card: null,
    });

    const provider = await newUser(db.knex, 'provider');
    await db
      .knex('bookings')
      .where({ id })
      .update({ providerId: provider.id, assignedAt: new Date(), depositRequestedAt: new Date() });
    expect(await summaryOf(call, id)).toMatchObject({
      status: 'pending_deposit',
      amountDue: '36.00',
    });

    await db.knex('bookings').where({ id }).update({ amountPaidCents: 3600 });
    expect(await summaryOf(call, id)).toMatchObject({ status: 'deposit_paid', amountDue: null });
    const view = await viewOf(call, id);
    expect(view.paymentChoices).toEqual([{ option: 'balance', amount: '54.00' }]);
    expect(view.paymentPlan).toEqual({
      kind: 'balance',
      dueAt: scheduledAt.toISOString(),
      card: null,
    });
  });

  it('a visit done and unpaid owes the whole price, which the server charges, never a deposit', async () => {
    const { id: clientId, call } = await signedInClient(db.knex, api.url);
    const provider = await newUser(db.knex, 'provider');
    const { id } = await booking(clientId, {
      providerId: provider.id,
      assignedAt: new Date(Date.now() - 72 * HOUR),
      depositRequestedAt: new Date(Date.now() - 48 * HOUR),
      clockInAt: new Date(Date.now() - 3 * HOUR),
      clockOutAt: new Date(Date.now() - HOUR),
    });
    expect(await summaryOf(call, id)).toMatchObject({ status: 'completed', amountDue: '90.00' });
    const view = await viewOf(call, id);
    expect(view.paymentChoices).toEqual([{ option: 'full', amount: '90.00' }]);
    expect(view.paymentPlan).toEqual({ kind: 'balance', dueAt: null, card: null });
    const deposit = await call('POST', `/api/bookings/${id}/create-payment-intent`, {
      option: 'deposit',
    });
    expect(deposit).toMatchObject({ status: 409, json: { code: 'option_unavailable' } });
    const full = await call('POST', `/api/bookings/${id}/create-payment-intent`, {});
    expect(full).toMatchObject({ status: 200, json: { option: 'full', amount: '90.00' } });
  });

  it("a member's visit is charged to their default card 12 h before it: nothing is due", async () => {
    const { id: clientId, call } = await signedInClient(db.knex, api.url);
    await db.knex('paymentMethods').insert([
      {
        userId: clientId,
        gateway: 'local',
        gatewayPaymentMethodId: `pm_${clientId}_1`,
        brand: 'mastercard',
        last4: '4444',
        expMonth: 1,
        expYear: 2040,
        isDefault: false,
      },
      {
        userId: clientId,
        gateway: 'local',
        gatewayPaymentMethodId: `pm_${clientId}_2`,
        brand: 'visa',
        last4: '4242',
        expMonth: 1,
        expYear: 2040,
        isDefault: true,
      },
    ]);
    const { id, scheduledAt } = await booking(clientId, {
      subscriptionType: 'standard',
      hourlyRateCents: 2500,
      baseAmountCents: 5000,
      totalAmountCents: 5000,
      depositAmountCents: 0,
    });
    expect(await summaryOf(call, id)).toMatchObject({ amountDue: null });
    const view = await viewOf(call, id);
    expect(view.paymentChoices).toEqual([{ option: 'full', amount: '50.00' }]);
    expect(view.paymentPlan).toEqual({
      kind: 'automatic',
      dueAt: new Date(scheduledAt.getTime() - 12 * HOUR).toISOString(),
      card: { brand: 'visa', last4: '4242' },
    });

    await db.knex('bookings').where({ id }).update({ visitChargeFailedAt: new Date() });
    expect(await summaryOf(call, id)).toMatchObject({ amountDue: '50.00' });
    expect((await viewOf(call, id)).paymentPlan).toMatchObject({ kind: 'required' });
  });
});
