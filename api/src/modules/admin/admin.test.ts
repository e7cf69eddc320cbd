import { randomUUID } from 'node:crypto';
import {
  adminStatsSchema,
  markPaidAnswerSchema,
  payoutsPageSchema,
  providerChoicesSchema,
} from '@twinclean/shared/admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);

beforeAll(async () => {
  await seedDemoData(db.knex);
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and parsed where it matters
const admin = (email: string) => signedInJson<any>(api.url, email);

/** A finished job of a new provider with its pending payout ($55.00 unless told); the payout's id. */
async function pendingPayout(overrides: Record<string, unknown> = {}) {
  const provider = await newUser(db.knex, 'provider');
  const start = new Date(Date.now() - 3 * 3_600_000);
  const [job] = await db
    .knex('bookings')
    .insert(
      bookingRow(start, {
        providerId: provider.id,
        assignedAt: start,
        clockInAt: start,
        clockOutAt: new Date(),
      }),
    )
    .returning('id');
  const [payout] = await db
    .knex('payouts')
    .insert({
      providerId: provider.id,
      bookingId: job.id,
      hoursWorked: 2,
      hoursPaid: 2,
      hourlyRateCents: 2500,
      baseAmountCents: 5000,
      waitPayCents: 500,
      totalAmountCents: 5500,
      geofenceVerified: false,
      ...overrides,
    })
    .returning('id');
  return { id: payout.id as string, providerId: provider.id, bookingId: job.id as string };
}

/** A punch on the payout's job, where the phone was (or with no position). */
async function punch(
  payout: { providerId: string; bookingId: string },
  type: 'clock_in' | 'clock_out',
  at: { latitude: number; longitude: number } | null,
) {
  const [event] = await db
    .knex('providerEvents')
    .insert({
      clientEventId: randomUUID(),
      providerId: payout.providerId,
      bookingId: payout.bookingId,
      type,
      occurredAt: new Date(),
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
      responseStatus: 200,
      responseBody: JSON.stringify({}),
    })
    .returning('id');
  return event.id as number;
}

describe('admin stats', () => {
  it('counts revenue net of refunds, live memberships, finished jobs and providers', async () => {
    const call = await admin('staff@example.com');
    const before = adminStatsSchema.parse((await call('GET', '/api/admin/stats')).json);
    const { id: payoutId } = await pendingPayout();
    const job = await db.knex('payouts').where({ id: payoutId }).first();
    await db.knex('payments').insert({
      bookingId: job.bookingId,
      gateway: 'local',
      gatewayPaymentId: `pi_stats_${payoutId}`,
      kind: 'full',
      amountCents: 9000,
      refundedCents: 1000,
      status: 'succeeded',
    });
    // A tip, and its partial refund, are the cleaner's: never the company's revenue.
    const [tip] = await db
      .knex('payments')
      .insert({
        bookingId: job.bookingId,
        gateway: 'local',
        gatewayPaymentId: `pi_stats_tip_${payoutId}`,
        kind: 'tip',
        amountCents: 2500,
        status: 'succeeded',
      })
      .returning('id');
    await db.knex('payments').where({ id: tip.id }).update({ refundedCents: 500 });
    const after = adminStatsSchema.parse((await call('GET', '/api/admin/stats')).json);
    const cents = (dollars: string) => Math.round(Number(dollars) * 100);
    expect(cents(after.revenue) - cents(before.revenue)).toBe(8000);
    expect(after.jobsCompleted - before.jobsCompleted).toBe(1);
    expect(after.activeProviders - before.activeProviders).toBe(1);
    // The demo's two members.
    expect(after.activeSubscriptions).toBeGreaterThanOrEqual(2);
  });
});

describe('payouts', () => {
  it('lists payouts with the provider, job, location and status, filtered by status and provider', async () => {
    const call = await admin('staff@example.com');
    const mine = await pendingPayout();
    const list = payoutsPageSchema.parse(
      (await call('GET', `/api/admin/payouts?providerId=${mine.providerId}`)).json,
    );
    expect(list).toMatchObject({ page: 1, total: 1 });
    expect(list.items).toMatchObject([
      {
        id: mine.id,
        provider: { id: mine.providerId, firstName: 'Pia', lastName: 'Tester' },
        booking: { city: 'Minneapolis', state: 'MN' },
        hoursWorked: 2,
        hoursPaid: 2,
        hourlyRate: '25.00',
        waitPay: '5.00',
        totalAmount: '55.00',
        status: 'pending',
        geofenceVerified: false,
        clockInLatitude: null,
        clockInLongitude: null,
        clockOutLatitude: null,
        clockOutLongitude: null,
        paidAt: null,
        reviewReason: null,
        payability: { payable: true },
      },
    ]);
    const paid = payoutsPageSchema.parse(
      (await call('GET', '/api/admin/payouts?status=paid')).json,
    );
    expect(paid.items.map((p) => p.id)).not.toContain(mine.id);
    const bad = await call('GET', '/api/admin/payouts?status=lost');
    expect(bad.status).toBe(400);
  });

  it('answers spec 2 §3 "Payout (admin view)" key for key: measured hours beside paid ones, flat coordinates', async () => {
    const call = await admin('staff@example.com');
    const REASON = 'Capped at 2.00 h: 3.25 h measured.';
    const mine = await pendingPayout({
      hoursWorked: 3.25,
      reviewReason: REASON,
      geofenceVerified: true,
    });
    await db
      .knex('payouts')
      .where({ id: mine.id })
      .update({
        clockInEventId: await punch(mine, 'clock_in', {
          latitude: 44.97781234,
          longitude: -93.265,
        }),
        clockOutEventId: await punch(mine, 'clock_out', null),
      });
    const res = await call('GET', `/api/admin/payouts?providerId=${mine.providerId}`);
    expect(res.status).toBe(200);
    // The raw answer, not the parsed one: no old duplicate (total, clockIn, provider.name) rides along.
    expect(res.json.items).toEqual([
      {
        id: mine.id,
        provider: { id: mine.providerId, firstName: 'Pia', lastName: 'Tester' },
        booking: {
          id: mine.bookingId,
          address: expect.any(String),
          city: 'Minneapolis',
          state: 'MN',
        },
        hoursWorked: 3.25,
        hoursPaid: 2,
        hourlyRate: '25.00',
        waitPay: '5.00',
        bonus: '0.00',
        totalAmount: '55.00',
        // Issue 32: the visit's tips, a line of its own.
        tip: '0.00',
        tipOwed: '0.00',
        tipRefundedAfterPayout: '0.00',
        status: 'pending',
        geofenceVerified: true,
        reviewReason: REASON,
        payability: { payable: false, code: 'payout_needs_review', reason: expect.any(String) },
        clockInLatitude: 44.97781234,
        clockInLongitude: -93.265,
        clockOutLatitude: null,
        clockOutLongitude: null,
        paidAt: null,
        paidBy: null,
        transfer: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(payoutsPageSchema.parse(res.json).items[0]?.hoursWorked).toBe(3.25);
  });

  it('Mark Paid records who and when once, in the audit log, however often it is sent', async () => {
    const call = await admin('staff@example.com');
    const { id } = await pendingPayout();
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('PATCH', `/api/admin/payouts/${id}/mark-paid`)),
    );
    const parsed = answers.map((a) => markPaidAnswerSchema.parse(a.json));
    expect(parsed[0]).toMatchObject({
      message: 'Payout marked as paid',
      payout: { status: 'paid', paidBy: 'Sam Nguyen' },
    });
    expect(new Set(parsed.map((p) => p.payout.paidAt)).size).toBe(1);
    const log = await db.knex('auditLog').where({ entity: 'payout', entityId: id });
    expect(log).toMatchObject([
      { action: 'payout.mark_paid', before: { status: 'pending' }, after: { status: 'paid' } },
    ]);
    const staff = await db.knex('users').where({ email: 'staff@example.com' }).first();
    expect(log[0].actorId).toBe(staff.id);
    const missing = await call(
      'PATCH',
      '/api/admin/payouts/00000000-0000-4000-8000-000000000000/mark-paid',
    );
    expect(missing.status).toBe(404);
  });
});

describe('payouts Mark Paid refuses', () => {
  const FLAG =
    'Clock-in flagged: Received at 2026-11-20T23:30:00.000Z, outside the clock-in window ' +
    '(2026-11-20T13:00:00.000Z to 2026-11-20T23:00:00.000Z).';
  const listed = async (call: Awaited<ReturnType<typeof admin>>, providerId: string) =>
    payoutsPageSchema.parse((await call('GET', `/api/admin/payouts?providerId=${providerId}`)).json)
      .items;

  it('a payout flagged for review, with the reason, changing nothing, until it is reviewed', async () => {
    const call = await admin('staff@example.com');
    const { id, providerId } = await pendingPayout({ reviewReason: FLAG });
    const reason = `This payout is flagged for review: ${FLAG} Review it on the booking page before paying it.`;
    expect(await listed(call, providerId)).toMatchObject([
      {
        id,
        reviewReason: FLAG,
        payability: { payable: false, code: 'payout_needs_review', reason },
      },
    ]);

    const before = await snapshot(db.knex);
    const refused = await call('PATCH', `/api/admin/payouts/${id}/mark-paid`);
    expect(refused).toMatchObject({
      status: 409,
      json: { code: 'payout_needs_review', message: reason },
    });
    expect(await snapshot(db.knex)).toBe(before);
    expect(await db.knex('payouts').where({ id }).first()).toMatchObject({
      status: 'pending',
      paidAt: null,
      paidBy: null,
    });
    expect(await db.knex('auditLog').where({ entity: 'payout', entityId: id })).toEqual([]);

    // The review on the booking page clears the flag; then it is paid like any other.
    const reviewed = await call('POST', `/api/admin/payouts/${id}/review`, { hoursPaid: 2 });
    expect(reviewed.status).toBe(200);
    expect(await listed(call, providerId)).toMatchObject([
      { id, reviewReason: null, payability: { payable: true } },
    ]);
    const paid = await call('PATCH', `/api/admin/payouts/${id}/mark-paid`);
    expect(paid.status).toBe(200);
    expect(markPaidAnswerSchema.parse(paid.json).payout).toMatchObject({
      status: 'paid',
      totalAmount: '55.00',
      payability: { payable: false, code: 'already_paid' },
    });
  });

  it('a $0.00 payout: there is nothing to pay', async () => {
    const call = await admin('staff@example.com');
    const { id, providerId } = await pendingPayout({
      hoursWorked: 0,
      hoursPaid: 0,
      baseAmountCents: 0,
      waitPayCents: 0,
      totalAmountCents: 0,
    });
    const reason = 'This payout is $0.00; there is nothing to pay.';
    expect(await listed(call, providerId)).toMatchObject([
      { id, totalAmount: '0.00', payability: { payable: false, code: 'nothing_to_pay', reason } },
    ]);
    const before = await snapshot(db.knex);
    expect(await call('PATCH', `/api/admin/payouts/${id}/mark-paid`)).toMatchObject({
      status: 409,
      json: { code: 'nothing_to_pay', message: reason },
    });
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('admin provider choices', () => {
  it('lists every provider by name with their e-mail, and no one else', async () => {
    const call = await admin('staff@example.com');
    const provider = await newUser(db.knex, 'provider');
    const client = await newUser(db.knex, 'client');
    const { providers } = providerChoicesSchema.parse(
      (await call('GET', '/api/admin/provider-choices')).json,
    );
    expect(providers).toContainEqual({
      id: provider.id,
      name: 'Pia Tester',
      email: provider.email,
    });
    expect(providers.map((p) => p.id)).not.toContain(client.id);
    const names = providers.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
