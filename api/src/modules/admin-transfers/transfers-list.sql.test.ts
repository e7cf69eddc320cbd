import { randomUUID } from 'node:crypto';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import {
  type JobPayout,
  jobPayout,
  localPayoutAccount,
  transferWith,
} from '../../test/transfers-world';
import {
  allTransferRows,
  transferCount,
  transferLineRows,
  transferPage,
  transferRow,
} from './transfers-list.sql';

const db = useTestDatabase();
const SENT = new Date('2026-11-16T15:00:00Z');
let ann: string;
let bo: string;
/** Transfers by name: Ann's and Bo's of 9 Nov (Bo's failed), Ann's of 2 Nov (paid). */
const t = { annNine: '', boNine: '', annTwo: '' };
let refunded: JobPayout;
let caughtUp: JobPayout;

async function refund(bookingId: string, amountCents: number, createdAt: Date, kind = 'full') {
  const [payment] = await db
    .knex('payments')
    .insert({
      bookingId,
      gateway: 'local',
      gatewayPaymentId: `pi_${randomUUID()}`,
      kind,
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
  // Named so that Bo sorts before Ann by last name.
  const annUser = await newUser(db.knex, 'provider', { firstName: 'Ann', lastName: 'Zeller' });
  const boUser = await newUser(db.knex, 'provider', { firstName: 'Bo', lastName: 'Abbott' });
  ann = annUser.id;
  bo = boUser.id;
  const annAccount = await localPayoutAccount(db.knex, annUser);
  const boAccount = await localPayoutAccount(db.knex, boUser, 'transfersFail');
  caughtUp = await jobPayout(db.knex, ann, { at: new Date('2026-11-04T18:00:00Z') });
  refunded = await jobPayout(db.knex, ann, { at: new Date('2026-11-10T18:00:00Z') });
  const annLate = await jobPayout(db.knex, ann, { at: new Date('2026-11-12T18:00:00Z') });
  const boJob = await jobPayout(db.knex, bo, { at: new Date('2026-11-11T18:00:00Z') });
  t.annTwo = await transferWith(db.knex, {
    providerId: ann,
    weekStart: '2026-11-02',
    accountId: annAccount,
    status: 'paid',
    // Only the tip of that job: its pay waited for next week (caught up below).
    lines: [{ payoutId: caughtUp.payoutId, payCents: 0, tipCents: 500 }],
    sentAt: new Date('2026-11-09T14:00:00Z'),
    gatewayTransferId: 'tr_two',
  });
  t.annNine = await transferWith(db.knex, {
    providerId: ann,
    weekStart: '2026-11-09',
    accountId: annAccount,
    status: 'paid',
    lines: [
      { payoutId: annLate.payoutId, payCents: annLate.payCents },
      { payoutId: refunded.payoutId, payCents: refunded.payCents, tipCents: 1000 },
      { payoutId: caughtUp.payoutId, payCents: caughtUp.payCents },
    ],
    sentAt: SENT,
    gatewayTransferId: 'tr_nine',
  });
  t.boNine = await transferWith(db.knex, {
    providerId: bo,
    weekStart: '2026-11-09',
    accountId: boAccount,
    status: 'failed',
    lines: [boJob],
    failureMessage: 'The bank account was closed.',
  });
  // After Ann's transfer was sent: counted, a tip's refund too. Before it: not.
  await refund(refunded.bookingId, 2500, new Date(SENT.getTime() + 60_000));
  await refund(refunded.bookingId, 300, new Date(SENT.getTime() + 120_000), 'tip');
  await refund(refunded.bookingId, 4000, new Date(SENT.getTime() - 60_000));
  // Bo's was never sent: a refund after its claim counts for nothing yet.
  await refund(boJob.bookingId, 1000, new Date());
});

const ids = async (filters = {}, page = 1) =>
  (await transferPage(db.knex, filters, page)).map((r) => r.id);

describe('the transfers table', () => {
  it('reads the newest week first, then by provider name, with who is paid', async () => {
    expect(await ids()).toEqual([t.boNine, t.annNine, t.annTwo]);
    expect((await allTransferRows(db.knex, {})).map((r) => r.id)).toEqual([
      t.boNine,
      t.annNine,
      t.annTwo,
    ]);
    expect(await transferRow(db.knex, t.boNine)).toMatchObject({
      providerId: bo,
      firstName: 'Bo',
      lastName: 'Abbott',
      weekStart: '2026-11-09',
      status: 'failed',
      attempts: 1,
      failureMessage: 'The bank account was closed.',
      sentAt: null,
      gatewayTransferId: null,
      refundedAfterCents: 0,
    });
    expect(await transferRow(db.knex, randomUUID())).toBeUndefined();
  });

  it('counts refunds on its jobs made after it was sent, tips included, not those before', async () => {
    const row = await transferRow(db.knex, t.annNine);
    expect(row).toMatchObject({ status: 'paid', gatewayTransferId: 'tr_nine', sentAt: SENT });
    expect(row?.refundedAfterCents).toBe(2800);
    // The 2 Nov transfer was sent before every refund, but none was on its job's booking.
    expect((await transferRow(db.knex, t.annTwo))?.refundedAfterCents).toBe(0);
  });

  it('filters by status, provider and week, and counts the same', async () => {
    expect(await ids({ status: 'paid' })).toEqual([t.annNine, t.annTwo]);
    expect(await ids({ providerId: bo })).toEqual([t.boNine]);
    expect(await ids({ weekStart: '2026-11-09' })).toEqual([t.boNine, t.annNine]);
    expect(await ids({ weekStart: '2026-11-09', providerId: ann })).toEqual([t.annNine]);
    expect(await ids({ status: 'canceled' })).toEqual([]);
    expect(await transferCount(db.knex, { weekStart: '2026-11-09' })).toBe(2);
    expect(await transferCount(db.knex, { status: 'failed' })).toBe(1);
    expect(await transferCount(db.knex, {})).toBe(3);
  });

  it("reads a transfer's lines, the oldest job first, each with its refunds after", async () => {
    const lines = await transferLineRows(db.knex, t.annNine);
    expect(lines.map((l) => l.payoutId)).toEqual([
      caughtUp.payoutId,
      refunded.payoutId,
      expect.any(String),
    ]);
    expect(lines[1]).toMatchObject({
      bookingId: refunded.bookingId,
      payCents: 7500,
      tipCents: 1000,
      address: '3348 Hennepin Ave',
      refundedAfterCents: 2800,
    });
    expect(lines.map((l) => l.refundedAfterCents)).toEqual([0, 2800, 0]);
    expect(await transferLineRows(db.knex, t.annTwo)).toMatchObject([
      { payoutId: caughtUp.payoutId, payCents: 0, tipCents: 500 },
    ]);
  });

  it('pages fifty at a time', async () => {
    const accountId = await localPayoutAccount(db.knex, { id: ann });
    const weeks = Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => `${2030 + i}-01-07`);
    for (const weekStart of weeks) {
      const job = await jobPayout(db.knex, ann, { at: new Date('2026-10-01T12:00:00Z') });
      await transferWith(db.knex, { providerId: ann, weekStart, accountId, lines: [job] });
    }
    const first = await transferPage(db.knex, {}, 1);
    expect(first.map((r) => r.weekStart)).toEqual([...weeks].reverse());
    expect(await ids({}, 2)).toEqual([t.boNine, t.annNine, t.annTwo]);
  });
});
