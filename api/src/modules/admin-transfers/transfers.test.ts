import { randomUUID } from 'node:crypto';
import { adminTransferDetailSchema, transfersPageSchema } from '@twinclean/shared/payout-transfers';
import { chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import {
  type JobPayout,
  jobPayout,
  localPayoutAccount,
  transferWith,
} from '../../test/transfers-world';

const db = useTestDatabase();
const api = useTestServer(db);
let staff: JsonCall;
let ann: { id: string; email: string };
let bo: { id: string; email: string };
const SENT = new Date('2026-11-16T15:00:00Z');
/** Ann's paid transfer of 9 Nov over two jobs, Bo's failed one of the same week. */
const t = { ann: '', bo: '' };
let refunded: JobPayout;
let other: JobPayout;

/** A client's refund on `bookingId` made at `createdAt`. */
async function refund(bookingId: string, amountCents: number, createdAt: Date) {
  const [payment] = await db
    .knex('payments')
    .insert({
      bookingId,
      gateway: 'local',
      gatewayPaymentId: `pi_${randomUUID()}`,
      kind: 'full',
      amountCents: 20_000,
      status: 'succeeded',
    })
    .returning('id');
  await db.knex('refunds').insert({
    paymentId: payment.id,
    gatewayRefundId: `re_${randomUUID()}`,
    key: randomUUID(),
    amountCents,
    reason: 'Test',
    createdAt,
  });
}

beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
  ann = await newUser(db.knex, 'provider', { firstName: 'Ann', lastName: 'Zeller' });
  bo = await newUser(db.knex, 'provider', { firstName: '=Bo', lastName: 'Abbott, Jr' });
  const annAccount = await localPayoutAccount(db.knex, ann);
  const boAccount = await localPayoutAccount(db.knex, bo, 'transfersFail');
  other = await jobPayout(db.knex, ann.id, {
    at: new Date('2026-11-10T18:00:00Z'),
    address: '12 Oak St',
  });
  refunded = await jobPayout(db.knex, ann.id, {
    at: new Date('2026-11-12T18:00:00Z'),
    address: '40 Elm St',
  });
  t.ann = await transferWith(db.knex, {
    providerId: ann.id,
    weekStart: '2026-11-09',
    accountId: annAccount,
    status: 'paid',
    lines: [other, { ...refunded, tipCents: 1250 }],
    sentAt: SENT,
    gatewayTransferId: 'tr_local_ann',
  });
  t.bo = await transferWith(db.knex, {
    providerId: bo.id,
    weekStart: '2026-11-09',
    accountId: boAccount,
    status: 'failed',
    attempts: 2,
    lines: [await jobPayout(db.knex, bo.id, { at: new Date('2026-11-11T18:00:00Z') })],
    failureMessage: 'The bank account was closed.',
    nextAttemptAt: new Date('2026-11-16T16:00:00Z'),
  });
  // Refunded after the transfer was sent: shown; before it: not.
  await refund(refunded.bookingId, 3000, new Date(SENT.getTime() + 3_600_000));
  await refund(refunded.bookingId, 2000, new Date(SENT.getTime() - 3_600_000));
});

describe('the admin transfers list', () => {
  it('lists the newest week first, then by provider name, with states and refunds after', async () => {
    const answer = await staff('GET', '/api/admin/payout-transfers');
    expect(answer.status).toBe(200);
    const page = transfersPageSchema.parse(answer.json);
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 2 });
    expect(page.items).toEqual([
      {
        id: t.bo,
        provider: { id: bo.id, firstName: '=Bo', lastName: 'Abbott, Jr' },
        weekStart: '2026-11-09',
        amount: '75.00',
        tips: '0.00',
        status: 'failed',
        attempts: 2,
        failureMessage: 'The bank account was closed.',
        nextAttemptAt: '2026-11-16T16:00:00.000Z',
        gatewayTransferId: null,
        sentAt: null,
        arrivalDate: null,
        createdAt: expect.any(String),
        refundedAfter: '0.00',
      },
      expect.objectContaining({
        id: t.ann,
        provider: { id: ann.id, firstName: 'Ann', lastName: 'Zeller' },
        amount: '162.50',
        tips: '12.50',
        status: 'paid',
        attempts: 1,
        nextAttemptAt: null,
        gatewayTransferId: 'tr_local_ann',
        sentAt: SENT.toISOString(),
        arrivalDate: '2026-11-18',
        refundedAfter: '30.00',
      }),
    ]);
  });

  it('filters by status, provider and week, and pages', async () => {
    const ids = async (query: string) =>
      transfersPageSchema
        .parse((await staff('GET', `/api/admin/payout-transfers?${query}`)).json)
        .items.map((i) => i.id);
    expect(await ids('status=paid')).toEqual([t.ann]);
    expect(await ids(`providerId=${bo.id}`)).toEqual([t.bo]);
    expect(await ids('weekStart=2026-11-09&status=failed')).toEqual([t.bo]);
    expect(await ids('weekStart=2026-11-02')).toEqual([]);
    expect(await ids('page=2')).toEqual([]);
  });

  it('refuses bad filters with the reason, and callers who are not admins', async () => {
    for (const query of ['status=lost', 'providerId=42', 'weekStart=9 Nov', 'page=0']) {
      const answer = await staff('GET', `/api/admin/payout-transfers?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.message, query).toEqual(expect.any(String));
    }
    const provider = await signedInJson(api.url, ann.email);
    expect((await provider('GET', '/api/admin/payout-transfers')).status).toBe(403);
  });
});

describe('a transfer in detail', () => {
  it('shows every line it pays, and the refunds on each job made after it was sent', async () => {
    const answer = await staff('GET', `/api/admin/payout-transfers/${t.ann}`);
    expect(answer.status).toBe(200);
    const detail = adminTransferDetailSchema.parse(answer.json);
    expect(detail).toMatchObject({ id: t.ann, amount: '162.50', refundedAfter: '30.00' });
    expect(detail.lines).toEqual([
      {
        payoutId: other.payoutId,
        bookingId: other.bookingId,
        date: '2026-11-10',
        address: '12 Oak St',
        pay: '75.00',
        tip: '0.00',
        refundedAfter: '0.00',
      },
      {
        payoutId: refunded.payoutId,
        bookingId: refunded.bookingId,
        date: '2026-11-12',
        address: '40 Elm St',
        pay: '75.00',
        tip: '12.50',
        refundedAfter: '30.00',
      },
    ]);
  });

  it('answers 404 for a transfer that does not exist and 400 for a malformed id', async () => {
    const missing = await staff('GET', `/api/admin/payout-transfers/${randomUUID()}`);
    expect(missing).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect((await staff('GET', '/api/admin/payout-transfers/42')).status).toBe(400);
  });
});

describe('the transfers export', () => {
  it('downloads the filtered transfers as a dated CSV whose cells a spreadsheet cannot run', async () => {
    const download = await signInAs(api.url, 'staff@example.com');
    const res = await download('/api/admin/exports/payout-transfers.csv?weekStart=2026-11-09');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="payout-transfers-${chicagoDate(new Date())}.csv"`,
    );
    const lines = Buffer.from(await res.arrayBuffer())
      .toString('utf8')
      .split('\r\n');
    expect(lines).toEqual([
      '\uFEFFWeek of,Provider,Amount,Tips,Status,Attempts,Gateway reason,Gateway transfer,Sent,Arrives,Refunded after',
      `2026-11-09,"'=Bo Abbott, Jr",75.00,0.00,Delayed,2,The bank account was closed.,,,,0.00`,
      `2026-11-09,Ann Zeller,162.50,12.50,Sent,1,,tr_local_ann,${SENT.toISOString()},2026-11-18,30.00`,
      '',
    ]);
    const paid = await download('/api/admin/exports/payout-transfers.csv?status=paid');
    expect((await paid.text()).split('\r\n')).toHaveLength(3);
    const bad = await download('/api/admin/exports/payout-transfers.csv?status=lost');
    expect(bad.status).toBe(400);
    const provider = await signInAs(api.url, bo.email);
    expect((await provider('/api/admin/exports/payout-transfers.csv')).status).toBe(403);
  });
});
