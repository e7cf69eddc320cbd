import { adminBookingAnswerSchema } from '@twinclean/shared/admin-booking';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { newUser, signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { insertSpecialJob } from '../../test/special-fixtures';
import { confirmTestCard } from '../../test/test-card';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;

let staff: JsonCall;
let owner: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
  owner = await signedInJson(api.url, 'owner@example.com');
});

const emails = (to: string, template: string) =>
  db.knex('outboundEmails').where({ toAddress: to, template });
const auditOf = (id: string) =>
  db.knex('auditLog').where({ entity: 'booking', entityId: id }).orderBy('id');

/** A new client's house booking `hoursAhead` from now (2 h at $45: $90, deposit $36). */
async function clientBooking(hoursAhead: number) {
  const client = await signedInClient(db.knex, api.url);
  const [row] = await db
    .knex('bookings')
    .insert(
      bookingRow(new Date(Date.now() + hoursAhead * HOUR), {
        clientId: client.id,
        clientEmail: client.email,
      }),
    )
    .returning('id');
  return { ...client, bookingId: row.id as string };
}

/** The client pays in full through the LocalGateway's test-card form, as the browser does. */
async function payInFull(client: Awaited<ReturnType<typeof clientBooking>>) {
  const intent = await client.call(
    'POST',
    `/api/bookings/${client.bookingId}/create-payment-intent`,
    { option: 'full' },
  );
  expect(await confirmTestCard(api.url, intent.json)).toMatchObject({ status: 'succeeded' });
}

describe('confirming a final price as an admin', () => {
  it('confirms an assigned carpet job’s price and e-mails the deposit link, audited', async () => {
    const provider = await newUser(db.knex, 'provider');
    const clientEmail = `carpet-${Date.now()}@example.com`;
    const start = chicagoInstant(addDays(chicagoDate(new Date()), 3), '10:00');
    const id = await insertSpecialJob(db.knex, 'carpet', {
      start,
      providerId: provider.id,
      overrides: { clientEmail },
    });
    const path = `/api/admin/bookings/${id}/confirm-price`;
    for (const totalAmount of ['abc', '0', '-5']) {
      expect((await staff('POST', path, { totalAmount })).status).toBe(400);
    }
    const answer = await staff('POST', path, { totalAmount: '298.50' });
    expect(answer.status).toBe(200);
    expect(adminBookingAnswerSchema.parse(answer.json)).toMatchObject({
      message: 'Final price confirmed',
      booking: {
        status: 'pending_deposit',
        price: {
          priceIsFinal: true,
          estimatedAmount: '325.00',
          totalAmount: '298.50',
          depositAmount: '119.40',
        },
        payLink: { due: { option: 'deposit', amount: '119.40' } },
        actions: { confirmPrice: { allowed: false } },
      },
    });
    const [request] = await emails(clientEmail, 'payment_request');
    expect(request.textBody).toMatch(/\$119\.40 for your carpet cleaning/);
    expect(await auditOf(id)).toMatchObject([
      {
        action: 'booking.confirm_price',
        before: { priceIsFinal: false, totalAmount: '325.00' },
        after: { priceIsFinal: true, totalAmount: '298.50', depositAmount: '119.40' },
      },
    ]);
    expect(await staff('POST', path, { totalAmount: '300.00' })).toMatchObject({
      status: 409,
      json: { message: 'The final price of this job is already confirmed.' },
    });
  });

  it('refuses before assignment and for a service whose price is set, changing nothing', async () => {
    const start = chicagoInstant(addDays(chicagoDate(new Date()), 3), '10:00');
    const open = await insertSpecialJob(db.knex, 'dry_cleaning', { start });
    const house = (await clientBooking(72)).bookingId;
    const before = await snapshot(db.knex);
    expect(
      await staff('POST', `/api/admin/bookings/${open}/confirm-price`, { totalAmount: '200' }),
    ).toMatchObject({
      status: 409,
      json: { message: 'Assign a provider before confirming the final price.' },
    });
    const set = await staff('POST', `/api/admin/bookings/${house}/confirm-price`, {
      totalAmount: '200',
    });
    expect(set.status).toBe(409);
    expect(set.json.message).toMatch(/^Only carpet and rug cleaning prices are confirmed/);
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('canceling for the client', () => {
  it('keeps the late fee for staff, who may not waive it (403, nothing changed)', async () => {
    const client = await clientBooking(10);
    await payInFull(client);
    const path = `/api/admin/bookings/${client.bookingId}/cancel`;
    const before = await snapshot(db.knex);
    expect(await staff('POST', path, { reason: 'Called in', waiveFee: true })).toMatchObject({
      status: 403,
      json: { code: 'owner_only', message: expect.stringMatching(/^Only the owner can waive/) },
    });
    expect((await staff('POST', path, { reason: '  ' })).status).toBe(400);
    expect((await staff('POST', path, { reason: 'x', waiveFee: 'yes' })).status).toBe(400);
    expect(await snapshot(db.knex)).toBe(before);

    const answer = await staff('POST', path, { reason: 'Client called: sick' });
    expect(answer.json).toMatchObject({
      message: 'Booking Canceled',
      booking: {
        status: 'canceled',
        price: { cancellationFee: '36.00', amountPaid: '36.00', amountRefunded: '54.00' },
        cancellation: { reason: 'Client called: sick', fee: '36.00', canceledBy: 'Sam Nguyen' },
      },
    });
    expect(answer.json.booking.payments[0].refunds).toMatchObject([
      { amount: '54.00', reason: 'Booking canceled' },
    ]);
    expect(await emails(client.email, 'booking_canceled')).toHaveLength(1);
    expect(await auditOf(client.bookingId)).toMatchObject([
      { action: 'booking.cancel', after: { feeWaived: false, fee: '36.00', refund: '54.00' } },
    ]);
    expect(await staff('POST', path, { reason: 'Again' })).toMatchObject({
      status: 409,
      json: { message: 'This booking is already canceled.' },
    });
  });

  it('lets the owner waive the late fee: everything paid comes back', async () => {
    const client = await clientBooking(10);
    await payInFull(client);
    const answer = await owner('POST', `/api/admin/bookings/${client.bookingId}/cancel`, {
      reason: 'Our provider fell ill',
      waiveFee: true,
    });
    expect(answer.json.booking).toMatchObject({
      price: { cancellationFee: '0.00', amountPaid: '0.00', amountRefunded: '90.00' },
    });
    expect(await auditOf(client.bookingId)).toMatchObject([
      { action: 'booking.cancel', after: { feeWaived: true, fee: '0.00', refund: '90.00' } },
    ]);
  });
});

describe('resending the pay link', () => {
  it('e-mails a new link for what is due now, audited; 409 once nothing is', async () => {
    const client = await clientBooking(72);
    const path = `/api/admin/bookings/${client.bookingId}/resend-pay-link`;
    const answer = await staff('POST', path);
    expect(answer.json).toMatchObject({
      message: `Pay link sent to ${client.email}`,
      booking: {
        payLink: { due: { option: 'full', amount: '90.00' }, sent: [{ purpose: 'full' }] },
      },
    });
    const [request] = await emails(client.email, 'payment_request');
    expect(request.textBody).toMatch(/\$90\.00 for your house cleaning/);
    expect(await auditOf(client.bookingId)).toMatchObject([
      { action: 'booking.resend_pay_link', after: { purpose: 'full', amount: '90.00' } },
    ]);

    await payInFull(client);
    const start = chicagoInstant(addDays(chicagoDate(new Date()), 3), '10:00');
    const estimate = await insertSpecialJob(db.knex, 'carpet', { start });
    const before = await snapshot(db.knex);
    expect(await staff('POST', path)).toMatchObject({
      status: 409,
      json: { message: 'Nothing is due: this booking is paid in full.' },
    });
    expect(await staff('POST', `/api/admin/bookings/${estimate}/resend-pay-link`)).toMatchObject({
      status: 409,
      json: { message: 'The final price is not confirmed yet, so nothing is due.' },
    });
    expect(await snapshot(db.knex)).toBe(before);
  });
});
