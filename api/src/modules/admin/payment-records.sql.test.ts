import { randomUUID } from 'node:crypto';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import {
  paymentRecordCount,
  paymentRecordPage,
  paymentRecordRow,
  refundRecordRows,
} from './payment-records.sql';

const db = useTestDatabase();
let client: { id: string; email: string };
let member: { id: string; email: string };
let admin: string;
let subscriptionId: string;
let clientBooking: string;
let guestBooking: string;
/** The payments by name: a client's booking paid in full, a guest's failed deposit, a membership. */
const p: Record<'full' | 'guest' | 'member', string> = { full: '', guest: '', member: '' };

async function payment(fields: Record<string, unknown>) {
  const [row] = await db
    .knex('payments')
    .insert({ gateway: 'local', gatewayPaymentId: `pi_${randomUUID()}`, ...fields })
    .returning('id');
  return row.id as string;
}

beforeAll(async () => {
  client = await newUser(db.knex, 'client', { firstName: 'Cora', lastName: 'Tester' });
  member = await newUser(db.knex, 'client', { firstName: 'Mo', lastName: 'Member' });
  admin = (
    await newUser(db.knex, 'client', { role: 'admin_owner', firstName: 'Olga', lastName: 'Owner' })
  ).id;
  const start = new Date(Date.now() + 3 * 86_400_000);
  [{ id: clientBooking }, { id: guestBooking }] = await db
    .knex('bookings')
    .insert([
      bookingRow(start, {
        clientId: client.id,
        clientFirstName: 'Cora',
        clientLastName: 'Booked',
        clientEmail: client.email,
      }),
      bookingRow(start, {
        clientFirstName: 'Gus',
        clientLastName: 'Guest',
        clientEmail: 'gus@guest.example',
        city: 'Saint Paul',
      }),
    ])
    .returning('id');
  [{ id: subscriptionId }] = await db
    .knex('subscriptions')
    .insert({
      userId: member.id,
      plan: 'standard',
      // Not yet live: a live one must have been paid for (subscriptions_paid_when_live).
      status: 'incomplete',
      gateway: 'local',
      gatewaySubscriptionId: `sub_${randomUUID()}`,
      priceCents: 9900,
      minimumTermEndsAt: new Date('2027-06-01T00:00:00Z'),
    })
    .returning('id');
  // In Chicago (UTC−6 in November): 1 Nov, 2 Nov 23:30, 3 Nov 00:30.
  p.full = await payment({
    userId: client.id,
    bookingId: clientBooking,
    kind: 'full',
    amountCents: 9000,
    refundedCents: 3000,
    status: 'succeeded',
    gatewayPaymentId: 'pi_alpha_100%',
    createdAt: new Date('2026-11-01T18:00:00Z'),
  });
  p.guest = await payment({
    bookingId: guestBooking,
    kind: 'deposit',
    amountCents: 3600,
    status: 'failed',
    failureMessage: 'Card declined',
    createdAt: new Date('2026-11-03T05:30:00Z'),
  });
  p.member = await payment({
    userId: member.id,
    subscriptionId,
    kind: 'subscription',
    amountCents: 9900,
    status: 'succeeded',
    createdAt: new Date('2026-11-03T06:30:00Z'),
  });
  await db.knex('refunds').insert([
    {
      paymentId: p.full,
      gatewayRefundId: 're_later',
      key: 'k2',
      amountCents: 1000,
      reason: 'Goodwill',
      createdBy: admin,
      createdAt: new Date('2026-11-05T12:00:00Z'),
    },
    {
      paymentId: p.full,
      gatewayRefundId: 're_first_findme',
      key: 'k1',
      amountCents: 2000,
      reason: 'Canceled late',
      createdBy: null,
      createdAt: new Date('2026-11-04T12:00:00Z'),
    },
  ]);
});

const page = async (filters = {}) =>
  (await paymentRecordPage(db.knex, filters, 1)).map((r) => r.id);

describe('the payment records report', () => {
  it('reads the newest first, with what each paid for and whose it is', async () => {
    expect(await page()).toEqual([p.member, p.guest, p.full]);
    expect(await paymentRecordRow(db.knex, p.full)).toMatchObject({
      kind: 'full',
      status: 'succeeded',
      amountCents: 9000,
      refundedCents: 3000,
      bookingId: clientBooking,
      serviceType: 'house',
      city: 'Minneapolis',
      plan: null,
      clientId: client.id,
      // The booking's own copy of the name, not the account's.
      clientName: 'Cora Booked',
      clientEmail: client.email,
    });
    expect(await paymentRecordRow(db.knex, p.guest)).toMatchObject({
      userId: null,
      clientId: null,
      clientName: 'Gus Guest',
      clientEmail: 'gus@guest.example',
      city: 'Saint Paul',
      failureMessage: 'Card declined',
    });
    expect(await paymentRecordRow(db.knex, p.member)).toMatchObject({
      bookingId: null,
      serviceType: null,
      subscriptionId,
      plan: 'standard',
      clientId: member.id,
      clientName: 'Mo Member',
      clientEmail: member.email,
    });
    expect(await paymentRecordRow(db.knex, randomUUID())).toBeUndefined();
  });

  it('filters by kind, status and Chicago dates, and counts the same', async () => {
    expect(await page({ kind: 'deposit' })).toEqual([p.guest]);
    expect(await page({ status: 'succeeded' })).toEqual([p.member, p.full]);
    expect(await paymentRecordCount(db.knex, { status: 'succeeded' })).toBe(2);
    // 2 Nov in Chicago ends at 06:00 UTC on the 3rd.
    expect(await page({ from: '2026-11-02', to: '2026-11-02' })).toEqual([p.guest]);
    expect(await page({ from: '2026-11-03' })).toEqual([p.member]);
    expect(await page({ to: '2026-11-01' })).toEqual([p.full]);
    expect(await paymentRecordCount(db.knex, { from: '2026-11-02' })).toBe(2);
    expect(await paymentRecordCount(db.knex, {})).toBe(3);
  });

  it('searches names, e-mails and payment and refund ids, any case, wildcards as text', async () => {
    const found = async (search: string) => {
      const ids = await page({ search });
      expect(await paymentRecordCount(db.knex, { search })).toBe(ids.length);
      return ids;
    };
    expect(await found('gus guest')).toEqual([p.guest]);
    expect(await found('GUEST.example')).toEqual([p.guest]);
    expect(await found('mo member')).toEqual([p.member]);
    expect(await found(member.email.toUpperCase())).toEqual([p.member]);
    expect(await found('cora booked')).toEqual([p.full]);
    expect(await found('alpha_100%')).toEqual([p.full]);
    // Taken as wildcards, these would match pi_alpha_100% (and % every payment).
    expect(await found('alph__100')).toEqual([]);
    expect(await found('FINDME')).toEqual([p.full]);
    expect(await found('%')).toEqual([p.full]);
  });

  it("reads payments' refunds, the oldest first, with who made them", async () => {
    const rows = await refundRecordRows(db.knex, [p.full, p.guest]);
    expect(rows).toMatchObject([
      {
        paymentId: p.full,
        gatewayRefundId: 're_first_findme',
        amountCents: 2000,
        reason: 'Canceled late',
        createdByName: null,
      },
      {
        paymentId: p.full,
        gatewayRefundId: 're_later',
        amountCents: 1000,
        reason: 'Goodwill',
        createdByName: 'Olga Owner',
      },
    ]);
    expect(await refundRecordRows(db.knex, [p.member])).toEqual([]);
  });

  it('pages fifty at a time', async () => {
    const booking = clientBooking;
    const later = Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => ({
      bookingId: booking,
      kind: 'balance',
      amountCents: 100 + i,
      status: 'processing',
      gateway: 'local',
      gatewayPaymentId: `pi_page_${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 10, 12, i)),
    }));
    await db.knex('payments').insert(later);
    const first = await paymentRecordPage(db.knex, {}, 1);
    expect(first.map((r) => r.amountCents)).toEqual(later.map((r) => r.amountCents).reverse());
    expect((await paymentRecordPage(db.knex, {}, 2)).map((r) => r.id)).toEqual([
      p.member,
      p.guest,
      p.full,
    ]);
  });
});
