import { yearEndSchema } from '@twinclean/shared/payout-transfers';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { paidByHand, taxDetailsOnFile } from '../../test/statements-world';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { jobPayout, localPayoutAccount, transferWith } from '../../test/transfers-world';
import { YEAR_RANGE_MESSAGE } from './routes';
import { yearEnd } from './year-end';
import { YEAR_END_HEADER } from './year-end-csv';

const db = useTestDatabase();
const api = useTestServer(db);
const TIN = '987654321';
let owner: { id: string; email: string };
let staff: { id: string; email: string };
/** Ann: at Stripe. Bo: our form, tax details on file, a name that reads as a formula. Cy: none. */
const p = { ann: '', bo: '', cy: '' };

beforeAll(async () => {
  owner = await newUser(db.knex, 'client', { role: 'admin_owner' });
  staff = await newUser(db.knex, 'client', { role: 'admin_staff' });
  const ann = await newUser(db.knex, 'provider', { firstName: 'Ann', lastName: 'Abbott' });
  const bo = await newUser(db.knex, 'provider', { firstName: '=Bo', lastName: 'Baker' });
  const cy = await newUser(db.knex, 'provider', { firstName: 'Cy', lastName: 'Cole' });
  p.ann = ann.id;
  p.bo = bo.id;
  p.cy = cy.id;
  await db.knex('payoutAccounts').insert({
    providerId: ann.id,
    gateway: 'stripe',
    accountId: 'acct_ann',
    detailsSubmitted: true,
    payoutsEnabled: true,
  });
  const boAccount = await localPayoutAccount(db.knex, bo);
  await taxDetailsOnFile(db.knex, bo.id, TIN);
  const job = (providerId: string, at: string) =>
    jobPayout(db.knex, providerId, { at: new Date(at) });

  // 2025 ($600 threshold): Ann's transfer sent at 23:30 on 31 Dec in Chicago, exactly $600.
  await transferWith(db.knex, {
    providerId: ann.id,
    weekStart: '2025-12-22',
    accountId: 'acct_ann',
    gateway: 'stripe',
    status: 'paid',
    lines: [await job(ann.id, '2025-12-23T18:00:00Z')],
    amountCents: 60_000,
    sentAt: new Date('2026-01-01T05:30:00Z'),
  });
  const boHand = await job(bo.id, '2025-05-28T18:00:00Z');
  await paidByHand(db.knex, boHand.payoutId, {
    adminId: owner.id,
    at: new Date('2025-06-01T15:00:00Z'),
  });

  // 2026 ($2,000 from the config): Ann exactly at it, by transfer and by hand; Bo a cent under.
  await transferWith(db.knex, {
    providerId: ann.id,
    weekStart: '2025-12-29',
    accountId: 'acct_ann',
    gateway: 'stripe',
    status: 'paid',
    lines: [await job(ann.id, '2025-12-30T18:00:00Z')],
    amountCents: 150_000,
    sentAt: new Date('2026-01-05T15:00:00Z'),
  });
  const annHand = await job(ann.id, '2026-02-25T18:00:00Z');
  await paidByHand(db.knex, annHand.payoutId, {
    adminId: owner.id,
    at: new Date('2026-03-01T15:00:00Z'),
    tipPaidCents: 42_500,
  });
  await transferWith(db.knex, {
    providerId: bo.id,
    weekStart: '2026-03-02',
    accountId: boAccount,
    status: 'paid',
    lines: [await job(bo.id, '2026-03-03T18:00:00Z')],
    amountCents: 199_999,
    sentAt: new Date('2026-03-09T15:00:00Z'),
  });
  // A failed transfer pays nothing.
  await transferWith(db.knex, {
    providerId: bo.id,
    weekStart: '2026-03-09',
    accountId: boAccount,
    status: 'failed',
    lines: [await job(bo.id, '2026-03-10T18:00:00Z')],
  });
  const cyHand = await job(cy.id, '2026-04-01T18:00:00Z');
  await paidByHand(db.knex, cyHand.payoutId, {
    adminId: owner.id,
    at: new Date('2026-04-02T15:00:00Z'),
  });
});

const row = (figures: { providers: { provider: { id: string } }[] }, id: string) =>
  figures.providers.find((r) => r.provider.id === id);

describe('the year-end figures', () => {
  it('counts 2025 in Chicago time against the $600 threshold', async () => {
    const figures = yearEndSchema.parse(await yearEnd(db.knex, 2025));
    expect(figures.threshold).toBe('600.00');
    expect(figures.providers.map((r) => r.provider.id)).toEqual([p.ann, p.bo]);
    expect(row(figures, p.ann)).toMatchObject({
      provider: { firstName: 'Ann', lastName: 'Abbott' },
      byTransfer: '600.00',
      byHand: '0.00',
      total: '600.00',
      needs1099: true,
      taxDetails: 'stripe',
    });
    expect(row(figures, p.bo)).toMatchObject({
      byTransfer: '0.00',
      byHand: '75.00',
      total: '75.00',
      needs1099: false,
      taxDetails: 'on_file',
    });
    expect(figures.totals).toEqual({ byTransfer: '600.00', byHand: '75.00', total: '675.00' });
  });

  it("counts 2026 against the config's $2,000, and follows a changed threshold", async () => {
    const figures = await yearEnd(db.knex, 2026);
    expect(figures.threshold).toBe('2000.00');
    expect(
      figures.providers.map((r) => [
        r.provider.id,
        r.byTransfer,
        r.byHand,
        r.total,
        r.needs1099,
        r.taxDetails,
      ]),
    ).toEqual([
      [p.ann, '1500.00', '500.00', '2000.00', true, 'stripe'],
      [p.bo, '1999.99', '0.00', '1999.99', false, 'on_file'],
      [p.cy, '0.00', '75.00', '75.00', false, 'missing'],
    ]);
    expect(figures.totals).toEqual({ byTransfer: '3499.99', byHand: '575.00', total: '4074.99' });
    const before = await db.knex('pricingConfig').where({ id: 1 }).first();
    await db.knex('pricingConfig').where({ id: 1 }).update({ necThresholdCents: 150_000 });
    try {
      const changed = await yearEnd(db.knex, 2026);
      expect(changed.threshold).toBe('1500.00');
      expect(changed.providers.map((r) => r.needs1099)).toEqual([true, true, false]);
      // 2025 stays at $600 whatever the config says.
      expect((await yearEnd(db.knex, 2025)).threshold).toBe('600.00');
    } finally {
      await db
        .knex('pricingConfig')
        .where({ id: 1 })
        .update({ necThresholdCents: before.necThresholdCents });
    }
  });

  it('leaves out a year nobody was paid in', async () => {
    expect(await yearEnd(db.knex, 2024)).toEqual({
      year: 2024,
      threshold: '600.00',
      providers: [],
      totals: { byTransfer: '0.00', byHand: '0.00', total: '0.00' },
    });
  });
});

describe('the year-end routes', () => {
  let ownerCall: JsonCall;
  beforeAll(async () => {
    ownerCall = await signedInJson(api.url, owner.email);
  });

  it('answer the figures to owners', async () => {
    const res = await ownerCall('GET', '/api/admin/year-end?year=2026');
    expect(res.status).toBe(200);
    expect(yearEndSchema.parse(res.json).totals.total).toBe('4074.99');
  });

  it('export the CSV with its columns, formula-safe, and no TIN', async () => {
    const download = await signInAs(api.url, owner.email);
    const res = await download('/api/admin/exports/year-end.csv?year=2026');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="year-end-2026.csv"');
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(YEAR_END_HEADER.join(','));
    expect(lines[0]).toBe(
      'Provider,Email,Paid by transfer,Paid by hand,Total,1099-NEC,Tax details',
    );
    const emails = await db
      .knex('users')
      .whereIn('id', [p.ann, p.bo, p.cy])
      .orderBy('lastName')
      .pluck('email');
    expect(lines.slice(1)).toEqual([
      `Ann Abbott,${emails[0]},1500.00,500.00,2000.00,Yes,At Stripe`,
      `'=Bo Baker,${emails[1]},1999.99,0.00,1999.99,No,On file`,
      `Cy Cole,${emails[2]},0.00,75.00,75.00,No,Missing`,
    ]);
    expect(text).not.toContain(TIN);
    expect(text).not.toContain(TIN.slice(-4));
  });

  it('refuse a bad year with 400, and anyone but an owner', async () => {
    for (const year of ['26', 'abcd', '1999', '2101', '']) {
      for (const path of ['/api/admin/year-end', '/api/admin/exports/year-end.csv']) {
        const res = await ownerCall('GET', `${path}?year=${year}`);
        expect(res.status, `${path} ${year}`).toBe(400);
      }
    }
    const far = await ownerCall('GET', '/api/admin/year-end?year=1999');
    expect(JSON.stringify(far.json)).toContain(YEAR_RANGE_MESSAGE);
    const missing = await ownerCall('GET', '/api/admin/year-end');
    expect(missing.status).toBe(400);
    const staffCall = await signedInJson(api.url, staff.email);
    expect((await staffCall('GET', '/api/admin/year-end?year=2026')).status).toBe(403);
    expect((await staffCall('GET', '/api/admin/exports/year-end.csv?year=2026')).status).toBe(403);
  });
});
