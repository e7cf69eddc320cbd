import { adminBookingAnswerSchema } from '@twinclean/shared/admin-booking';
import { clientBookingSchema } from '@twinclean/shared/client-bookings';
import { payLinkViewSchema, priceApprovalLinkAnswerSchema } from '@twinclean/shared/payments';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { punchResultSchema } from '@twinclean/shared/punches';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { paymentDepsOf } from '../../app';
import { newUser } from '../../test/people';
import { HOUR, JOB_POINT, NEAR, providerClient } from '../../test/punch-fixtures';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { insertSpecialJob } from '../../test/special-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { chargeVisit } from '../subscriptions/visit-charges';

// Issue 26 finding 2: a provider could set any carpet or rug price and a member's card was
// charged it. DECISIONS.md "Final price consent": within 75–125 % of the estimate a price takes
// effect; outside it waits for the client's approval (or an owner's), and nothing is charged
// above what the client booked or approved.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let provider: Awaited<ReturnType<typeof providerClient>>;
let owner: JsonCall;
let staff: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  provider = await providerClient(api.url, demoAccounts.provider.email);
  owner = await signedInJson(api.url, 'owner@example.com');
  staff = await signedInJson(api.url, 'staff@example.com');
});

const inThreeDays = chicagoInstant(addDays(chicagoDate(new Date()), 3), '10:00');
const stored = (id: string) => db.knex('bookings').where({ id }).first();
const mails = (to: string, template: string) =>
  db.knex('outboundEmails').where({ toAddress: to, template });

/** A client's $325.00 carpet estimate (3 bedrooms, a living room, stairs), assigned to Maria. */
async function carpetJob(
  fields: Record<string, unknown> = {},
  { start = inThreeDays, greenCleaning = false } = {},
) {
  const client = await newUser(db.knex, 'client');
  const id = await insertSpecialJob(db.knex, 'carpet', {
    start,
    greenCleaning,
    providerId: demoAccounts.provider.id,
    overrides: {
      clientId: client.id,
      clientEmail: client.email,
      ...JOB_POINT,
      geocodePrecision: 'zip',
      ...fields,
    },
  });
  return { id, client };
}

const confirmAsProvider = (id: string, totalAmount: string) =>
  provider(`/api/provider/jobs/${id}/final-price`, { totalAmount });

describe('a final price outside the bounds', () => {
  it('waits for the client: the total, the deposit and every charge stay at the estimate', async () => {
    const { id, client } = await carpetJob();
    const answer = await confirmAsProvider(id, '9999.99');
    expect(answer.status).toBe(200);
    expect(providerJobSchema.parse(answer.json)).toMatchObject({
      priceIsFinal: false,
      clientAmount: '325.00',
      priceAwaitingApproval: '9999.99',
      totalAmount: '195.00', // the provider's 60 % of the estimate, until approved
    });
    expect(await stored(id)).toMatchObject({
      totalAmountCents: 32_500,
      priceIsFinal: false,
      proposedPriceCents: 999_999,
      depositRequestedAt: null,
    });
    expect(await mails(client.email, 'payment_request')).toEqual([]);
    const [asked] = await mails(client.email, 'price_approval_request');
    expect(asked.subject).toBe('Please approve the new price for your carpet cleaning');
    expect(asked.textBody).toContain('set the price at $9,999.99');
    expect(asked.textBody).toContain('estimate of $325.00');
    expect(asked.textBody).toMatch(/\/pay\/[A-Za-z0-9_-]{43}/);

    // A member's visit 12 hours ahead is not charged a price nobody approved.
    await db
      .knex('bookings')
      .where({ id })
      .update({
        subscriptionType: 'standard',
        scheduledAt: new Date(Date.now() + 10 * HOUR),
      });
    expect(await chargeVisit(paymentDepsOf(api.deps), id, new Date())).toBeNull();
    expect(await db.knex('payments').where({ bookingId: id })).toEqual([]);
    // The client may not pay it by link either.
    const view = await signedInJson(api.url, client.email);
    const intent = await view('POST', `/api/bookings/${id}/create-payment-intent`, {});
    expect(intent).toMatchObject({ status: 409, json: { code: 'nothing_to_pay' } });
  });

  it('takes a price within 75–125 % of the estimate at once, with the deposit request', async () => {
    const { id, client } = await carpetJob();
    expect((await confirmAsProvider(id, '406.25')).json).toMatchObject({
      priceIsFinal: true,
      clientAmount: '406.25',
      priceAwaitingApproval: null,
    });
    const [request] = await mails(client.email, 'payment_request');
    expect(request.subject).toBe('Payment due: $162.50 for carpet cleaning');
    const below = await carpetJob();
    expect((await confirmAsProvider(below.id, '243.74')).json).toMatchObject({
      priceIsFinal: false,
      priceAwaitingApproval: '243.74',
    });
  });

  it('is approved by the client on the booking page: only the price they saw', async () => {
    const { id, client } = await carpetJob();
    await confirmAsProvider(id, '450.00');
    const call = await signedInJson(api.url, client.email);
    const page = clientBookingSchema.parse((await call('GET', `/api/bookings/${id}`)).json);
    expect(page.priceProposal).toMatchObject({
      amount: '450.00',
      estimate: '325.00',
      withoutApproval: { min: '243.75', max: '406.25' },
    });
    const stale = await call('POST', `/api/bookings/${id}/approve-price`, { totalAmount: '400' });
    expect(stale).toMatchObject({
      status: 409,
      json: {
        code: 'price_changed',
        message: 'The new price is now $450.00. Review it and approve again.',
      },
    });
    const approved = await call('POST', `/api/bookings/${id}/approve-price`, {
      totalAmount: '450.00',
    });
    expect(approved.status).toBe(200);
    expect(clientBookingSchema.parse(approved.json)).toMatchObject({
      totalAmount: '450.00',
      priceIsFinal: true,
      priceProposal: null,
      estimatedAmount: '325.00',
    });
    expect(await stored(id)).toMatchObject({
      depositAmountCents: 18_000,
      priceApprovedBy: client.id,
      proposedPriceCents: null,
    });
    expect(await mails(client.email, 'payment_request')).toHaveLength(1);
    const again = await call('POST', `/api/bookings/${id}/approve-price`, {
      totalAmount: '450.00',
    });
    expect(again).toMatchObject({ status: 409, json: { code: 'no_price_to_approve' } });
    // Another client's booking looks like one that does not exist.
    const stranger = await signedInJson(api.url, (await newUser(db.knex)).email);
    const theirs = await carpetJob();
    await confirmAsProvider(theirs.id, '450.00');
    expect(
      (await stranger('POST', `/api/bookings/${theirs.id}/approve-price`, { totalAmount: '450' }))
        .status,
    ).toBe(404);
    expect(await stored(theirs.id)).toMatchObject({ priceIsFinal: false });
  });

  it('is approved by a guest through the e-mailed pay link, which then takes the deposit', async () => {
    const { id, client } = await carpetJob({ clientId: null });
    await confirmAsProvider(id, '520.00');
    const [asked] = await mails(client.email, 'price_approval_request');
    const token = /\/pay\/([A-Za-z0-9_-]{43})/.exec(asked.textBody)?.[1] as string;
    const link = payLinkViewSchema.parse(await (await fetch(`${api.url}/api/pay/${token}`)).json());
    expect(link).toMatchObject({
      bookingId: id,
      paymentChoices: [],
      priceProposal: { amount: '520.00', estimate: '325.00' },
    });
    const res = await fetch(`${api.url}/api/pay/${token}/approve-price`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ totalAmount: '520' }),
    });
    expect(res.status).toBe(200);
    const answer = priceApprovalLinkAnswerSchema.parse(await res.json());
    expect(answer).toMatchObject({
      message: 'New price approved',
      payLink: { totalAmount: '520.00', priceProposal: null },
    });
    expect(answer.payLink.paymentChoices.map((c) => c.amount)).toEqual(['208.00', '520.00']);
    expect(await stored(id)).toMatchObject({ priceIsFinal: true, priceApprovedBy: null });
  });

  it('is no longer offered once the booking is canceled', async () => {
    const { id, client } = await carpetJob();
    await confirmAsProvider(id, '450.00');
    const call = await signedInJson(api.url, client.email);
    const canceled = await call('POST', `/api/bookings/${id}/cancel`, { reason: 'Moving away' });
    expect(canceled.status).toBe(200);
    expect(clientBookingSchema.parse(canceled.json).priceProposal).toBeNull();
    const approve = await call('POST', `/api/bookings/${id}/approve-price`, { totalAmount: '450' });
    expect(approve).toMatchObject({ status: 409, json: { code: 'job_canceled' } });
  });

  it('is approved by the owner with a note, audited; staff may not', async () => {
    const { id } = await carpetJob();
    await confirmAsProvider(id, '600.00');
    const path = `/api/admin/bookings/${id}/approve-price`;
    expect((await staff('POST', path, { totalAmount: '600', note: 'Agreed' })).status).toBe(403);
    const noNote = await owner('POST', path, { totalAmount: '600', note: ' ' });
    expect(noNote.status).toBe(400);
    const done = await owner('POST', path, {
      totalAmount: '600',
      note: 'The client agreed on the phone',
    });
    expect(done.status).toBe(200);
    expect(adminBookingAnswerSchema.parse(done.json).booking.price).toMatchObject({
      priceIsFinal: true,
      totalAmount: '600.00',
      priceProposal: null,
      priceToConfirm: false,
    });
    const [row] = await db
      .knex('auditLog')
      .where({ entityId: id, action: 'booking.approve_price' });
    expect(row.after).toMatchObject({
      totalAmount: '600.00',
      note: 'The client agreed on the phone',
    });
  });
});

describe('the final price at clock-out', () => {
  /** Maria's carpet job that started an hour ago, clocked in on time. */
  async function clockedIn(greenCleaning = false) {
    const job = await carpetJob({}, { start: new Date(Date.now() - HOUR), greenCleaning });
    const clockIn = await provider(`/api/provider/clock-in/${job.id}`, NEAR);
    expect(clockIn.status).toBe(200);
    return job;
  }
  const clockOut = (id: string, body: Record<string, unknown>) =>
    provider(`/api/provider/clock-out/${id}`, { ...NEAR, ...body });
  const payoutOf = async (id: string) => db.knex('payouts').where({ bookingId: id }).first();

  it('confirms a price near the estimate with the punch, pays the share of it, and asks for it', async () => {
    const { id, client } = await clockedIn();
    const out = await clockOut(id, { finalPrice: '350.00' });
    expect(out.status).toBe(200);
    expect(punchResultSchema.parse(out.json)).toMatchObject({
      finalPrice: { status: 'confirmed', amount: '350.00' },
      payout: { totalAmount: '210.00' },
    });
    expect(await stored(id)).toMatchObject({ priceIsFinal: true, totalAmountCents: 35_000 });
    // The visit is done, and the balance request and members' charges come before a visit: the
    // whole price is asked for now, not a deposit.
    const [request] = await mails(client.email, 'payment_request');
    expect(request.subject).toBe('Payment due: $350.00 for carpet cleaning');
    const member = await clockedIn();
    await db.knex('bookings').where({ id: member.id }).update({ subscriptionType: 'standard' });
    await clockOut(member.id, { finalPrice: '300.00' });
    const [asked] = await mails(member.client.email, 'payment_request');
    expect(asked.subject).toBe('Payment due: $300.00 for carpet cleaning');
  });

  it('keeps a price far from the estimate for the client; the payout waits, then follows it', async () => {
    const { id, client } = await clockedIn();
    const out = await clockOut(id, { finalPrice: '9999.99', waitPay: 5 });
    expect(punchResultSchema.parse(out.json)).toMatchObject({
      message: 'Clocked Out',
      finalPrice: { status: 'awaiting_approval', amount: '9999.99' },
      payout: { totalAmount: '200.00' }, // 60 % of the $325.00 estimate, plus $5.00
    });
    const payout = await payoutOf(id);
    const markPaid = await owner('PATCH', `/api/admin/payouts/${payout.id}/mark-paid`);
    expect(markPaid).toMatchObject({ status: 409, json: { code: 'price_to_confirm' } });
    const call = await signedInJson(api.url, client.email);
    await call('POST', `/api/bookings/${id}/approve-price`, { totalAmount: '9999.99' });
    expect(await payoutOf(id)).toMatchObject({
      shareOfCents: 999_999,
      baseAmountCents: 599_999, // 60 % of $9,999.99, to the cent
      totalAmountCents: 600_499,
    });
    // The visit is done: what is due is asked for at once, not as a deposit.
    const [request] = await mails(client.email, 'payment_request');
    expect(request.subject).toBe('Payment due: $9,999.99 for carpet cleaning');
  });

  it('never refuses the punch over the price, and the admin sees the price to confirm', async () => {
    const { id } = await clockedIn(true);
    const out = await clockOut(id, { finalPrice: '5.00' });
    expect(out.status).toBe(200);
    expect(punchResultSchema.parse(out.json).finalPrice).toEqual({
      status: 'not_applied',
      amount: '5.00',
      message: 'The final price must cover the green cleaning fee of $20.00.',
    });
    const page = adminBookingAnswerSchema.shape.booking.parse(
      (await staff('GET', `/api/admin/bookings/${id}`)).json,
    );
    expect(page.price).toMatchObject({ priceToConfirm: true, priceIsFinal: false });
    // An admin confirms it after the visit; the job page no longer may.
    expect((await confirmAsProvider(id, '330.00')).json).toMatchObject({ code: 'job_completed' });
    const confirmed = await staff('POST', `/api/admin/bookings/${id}/confirm-price`, {
      totalAmount: '330.00',
    });
    expect(confirmed).toMatchObject({ status: 200, json: { message: 'Final price confirmed' } });
    expect(await payoutOf(id)).toMatchObject({ shareOfCents: 33_000, baseAmountCents: 19_800 });
    expect(await stored(id)).toMatchObject({ totalAmountCents: 33_000, baseAmountCents: 31_000 });
  });
});
