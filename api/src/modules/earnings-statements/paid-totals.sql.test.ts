import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { paidByHand } from '../../test/statements-world';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout, localPayoutAccount, transferWith } from '../../test/transfers-world';
import { paidTotals } from './paid-totals.sql';

const db = useTestDatabase();
let pia: string;
let quinn: string;

beforeAll(async () => {
  const admin = await newUser(db.knex, 'client', { role: 'admin_owner' });
  const piaUser = await newUser(db.knex, 'provider');
  const quinnUser = await newUser(db.knex, 'provider');
  pia = piaUser.id;
  quinn = quinnUser.id;
  const piaAccount = await localPayoutAccount(db.knex, piaUser);
  const quinnAccount = await localPayoutAccount(db.knex, quinnUser);
  const job = (providerId: string, at: string) =>
    jobPayout(db.knex, providerId, { at: new Date(at) });
  // $75.00 jobs (3 h at $25.00).
  const [j1, j2, j3, h1, h2, q1] = [
    await job(pia, '2025-12-23T18:00:00Z'),
    await job(pia, '2025-12-30T18:00:00Z'),
    await job(pia, '2025-12-31T18:00:00Z'),
    await job(pia, '2025-12-10T18:00:00Z'),
    await job(pia, '2025-12-11T18:00:00Z'),
    await job(quinn, '2025-12-30T18:00:00Z'),
  ];
  // Sent at 23:30 on 31 Dec in Chicago (05:30 UTC on 1 Jan): a 2025 payment.
  await transferWith(db.knex, {
    providerId: pia,
    weekStart: '2025-12-22',
    accountId: piaAccount,
    status: 'paid',
    lines: [{ ...j1, tipCents: 500 }],
    sentAt: new Date('2026-01-01T05:30:00Z'),
  });
  // By hand on 31 Dec ($75.00 and its $10.00 tip), and at 00:30 on 1 Jan in Chicago: $75.00
  // and $4.00 of its tip by hand, $3.00 more by the next transfer (counted there, not twice).
  await paidByHand(db.knex, h1.payoutId, {
    adminId: admin.id,
    at: new Date('2025-12-31T12:00:00Z'),
    tipPaidCents: 1000,
  });
  await paidByHand(db.knex, h2.payoutId, {
    adminId: admin.id,
    at: new Date('2026-01-01T06:30:00Z'),
    tipPaidCents: 400,
  });
  await transferWith(db.knex, {
    providerId: pia,
    weekStart: '2025-12-29',
    accountId: piaAccount,
    status: 'paid',
    lines: [j2, { payoutId: h2.payoutId, payCents: 0, tipCents: 300 }],
    sentAt: new Date('2026-01-05T15:00:00Z'),
  });
  // Neither a failed nor a canceled transfer paid anything.
  await transferWith(db.knex, {
    providerId: pia,
    weekStart: '2026-01-05',
    accountId: piaAccount,
    status: 'failed',
    lines: [j3],
  });
  await transferWith(db.knex, {
    providerId: pia,
    weekStart: '2026-01-12',
    accountId: piaAccount,
    status: 'canceled',
    lines: [j3],
  });
  await transferWith(db.knex, {
    providerId: quinn,
    weekStart: '2025-12-29',
    accountId: quinnAccount,
    status: 'paid',
    lines: [q1],
    sentAt: new Date('2026-01-05T15:00:00Z'),
  });
});

describe('the paid totals per provider and Chicago year', () => {
  it('counts paid transfers by when they were sent and Mark Paid by when it was marked', async () => {
    expect(await paidTotals(db.knex, { providerId: pia })).toEqual([
      { providerId: pia, year: 2026, byTransferCents: 7800, byHandCents: 7500 + 700 - 300 },
      { providerId: pia, year: 2025, byTransferCents: 8000, byHandCents: 8500 },
    ]);
  });

  it('reads one year for every provider, and nothing for a year without payments', async () => {
    const rows = await paidTotals(db.knex, { year: 2026 });
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { providerId: pia, year: 2026, byTransferCents: 7800, byHandCents: 7900 },
        { providerId: quinn, year: 2026, byTransferCents: 7500, byHandCents: 0 },
      ]),
    );
    expect(await paidTotals(db.knex, { year: 2025, providerId: quinn })).toEqual([]);
    expect(await paidTotals(db.knex, { year: 2024 })).toEqual([]);
  });

  it('counts a tip paid by hand after its transfer was canceled, though the transfer went through', async () => {
    const admin = await newUser(db.knex, 'client', { role: 'admin_owner' });
    const rosa = await newUser(db.knex, 'provider');
    const account = await localPayoutAccount(db.knex, rosa);
    const job = await jobPayout(db.knex, rosa.id, { at: new Date('2026-03-03T18:00:00Z') });
    // Canceled while an attempt was in flight, the tip paid by hand, then the attempt landed:
    // the transfer paid its lines, and the hand paid the tip (tip_paid_cents) once more.
    const transfer = await transferWith(db.knex, {
      providerId: rosa.id,
      weekStart: '2026-03-02',
      accountId: account,
      status: 'paid',
      lines: [{ ...job, tipCents: 2000 }],
      sentAt: new Date('2026-03-09T15:00:00Z'),
    });
    await db.knex('payoutTransfers').where({ id: transfer }).update({ canceledBy: admin.id });
    await paidByHand(db.knex, job.payoutId, {
      adminId: admin.id,
      at: new Date('2026-03-09T14:00:00Z'),
      tipPaidCents: 2000,
    });
    expect(await paidTotals(db.knex, { providerId: rosa.id })).toEqual([
      { providerId: rosa.id, year: 2026, byTransferCents: 7500 + 2000, byHandCents: 7500 + 2000 },
    ]);
  });
});
