import { statementListSchema, statementSchema } from '@twinclean/shared/payout-transfers';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../test/pdf-text';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { thanksgivingWeeks } from '../../test/statements-world';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { NOT_A_MONDAY_MESSAGE } from './routes';
import { CONTRACTOR_NOTE, statementPdf } from './statement-pdf';
import { statementList, weekStatement } from './statements';

const db = useTestDatabase();
const api = useTestServer(db);
let world: Awaited<ReturnType<typeof thanksgivingWeeks>>;
/** Monday 30 Nov 2026, 06:00 in Chicago: before that day's 8:00 run. */
const NOW = new Date('2026-11-30T12:00:00Z');

beforeAll(async () => {
  world = await thanksgivingWeeks(db.knex);
});

describe("a week's statement", () => {
  it('sums hours, pay, tips and total over hourly and fixed-price jobs, each with its state', async () => {
    const { jobs, pia, transfers } = world;
    const statement = statementSchema.parse(await weekStatement(db.knex, pia.id, '2026-11-16'));
    expect(statement.weekEnd).toBe('2026-11-22');
    expect(statement.jobs).toEqual([
      expect.objectContaining({
        payoutId: jobs.w1.payoutId,
        date: '2026-11-16',
        address: '2 Hourly St',
        serviceType: 'house',
        hoursWorked: 3,
        basePay: '75.00',
        waitPay: '0.00',
        bonus: '0.00',
        tip: '10.00',
        total: '85.00',
        status: 'paid',
        paidBy: 'transfer',
      }),
      expect.objectContaining({
        payoutId: jobs.w2.payoutId,
        hoursWorked: 2,
        basePay: '120.00',
        waitPay: '5.00',
        bonus: '10.00',
        total: '135.00',
        status: 'paid',
        paidBy: 'transfer',
      }),
      expect.objectContaining({
        payoutId: jobs.w3.payoutId,
        hoursWorked: 3.5,
        total: '75.00',
        status: 'review',
        paidBy: null,
      }),
      // Clocked out at 23:00 on Sunday in Chicago (Monday in UTC): still this week.
      expect.objectContaining({
        payoutId: jobs.w4.payoutId,
        date: '2026-11-22',
        status: 'paid',
        paidBy: 'hand',
      }),
    ]);
    expect(statement.totals).toEqual({
      hours: 11.5,
      pay: '360.00',
      tips: '10.00',
      total: '370.00',
    });
    // The week's transfer, with the earlier week's job it caught up.
    expect(statement.transfer).toMatchObject({
      id: transfers.weekW,
      status: 'paid',
      amount: '295.00',
      tips: '10.00',
      sentAt: '2026-11-23T14:05:00.000Z',
      arrivalDate: '2026-11-25',
    });
    expect(statement.transfer?.lines).toEqual([
      {
        payoutId: jobs.e1.payoutId,
        bookingId: jobs.e1.bookingId,
        date: '2026-11-15',
        address: '1 Early St',
        pay: '75.00',
        tip: '0.00',
      },
      expect.objectContaining({ payoutId: jobs.w1.payoutId, pay: '75.00', tip: '10.00' }),
      expect.objectContaining({ payoutId: jobs.w2.payoutId, pay: '135.00', tip: '0.00' }),
    ]);
  });

  it('shows a job held by a transfer still sending as in_transfer, and an empty week as empty', async () => {
    const week = await weekStatement(db.knex, world.pia.id, '2026-11-23');
    expect(week.jobs.map((j) => [j.payoutId, j.status, j.paidBy])).toEqual([
      [world.jobs.x1.payoutId, 'in_transfer', null],
    ]);
    expect(week.transfer).toMatchObject({ status: 'pending', sentAt: null, arrivalDate: null });
    expect(await weekStatement(db.knex, world.pia.id, '2026-10-05')).toEqual({
      weekStart: '2026-10-05',
      weekEnd: '2026-10-11',
      jobs: [],
      totals: { hours: 0, pay: '0.00', tips: '0.00', total: '0.00' },
      transfer: null,
    });
  });
});

describe('the list of weeks', () => {
  it('lists the weeks with jobs or a transfer newest first, the years paid and the next run', async () => {
    const list = statementListSchema.parse(await statementList(db.knex, world.pia.id, NOW));
    expect(
      list.weeks.map((w) => [w.weekStart, w.jobs, w.hours, w.total, w.transfer?.status]),
    ).toEqual([
      ['2026-11-23', 1, 3, '75.00', 'pending'],
      ['2026-11-16', 4, 11.5, '370.00', 'paid'],
      ['2026-11-09', 1, 3, '75.00', undefined],
    ]);
    expect(list.weeks[1]).toMatchObject({ weekEnd: '2026-11-22', pay: '360.00', tips: '10.00' });
    // W's transfer and the job paid by hand; not the transfer still sending.
    expect(list.years).toEqual([{ year: 2026, paid: '370.00' }]);
    expect(list.nextTransferAt).toBe('2026-11-30T14:00:00.000Z');
  });

  it("shows another provider none of Pia's weeks, and no next run without an account", async () => {
    const list = await statementList(db.knex, world.quinn.id, NOW);
    expect(list.weeks.map((w) => [w.weekStart, w.jobs, w.transfer])).toEqual([
      ['2026-11-16', 1, null],
    ]);
    expect(list.years).toEqual([]);
    expect(list.nextTransferAt).toBeNull();
    // A year on, the 2026 weeks are past the 53 listed.
    expect(
      (await statementList(db.knex, world.pia.id, new Date('2027-12-06T12:00:00Z'))).weeks,
    ).toEqual([]);
  });
});

describe('the statement PDF', () => {
  it('names the provider and the week and carries the totals, the transfer and the note', async () => {
    const statement = await weekStatement(db.knex, world.pia.id, '2026-11-16');
    const pdf = await statementPdf({ statement, providerName: 'Pia Lund' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const part of [
      'TwinClean earnings statement',
      'Pia Lund',
      'Total earned',
      '$370.00',
      '$360.00',
      '11.50',
      'Being reviewed',
      'Paid by hand',
      '$295.00',
      CONTRACTOR_NOTE,
    ]) {
      expect(text).toContain(part);
    }
  });

  it('flows a long week onto more pages', async () => {
    const statement = await weekStatement(db.knex, world.pia.id, '2026-11-16');
    const jobs = Array.from({ length: 15 }, () => statement.jobs).flat();
    const many = { ...statement, jobs };
    expect(jobs).toHaveLength(60);
    const pdf = await statementPdf({ statement: many, providerName: 'Pia Lund' });
    expect(pdfPageCount(pdf)).toBe(2);
    expect(pdfText(pdf)).toContain(CONTRACTOR_NOTE);
  });
});

describe('the statement routes', () => {
  it("answer the caller's own statements, and a PDF download", async () => {
    const pia = await signedInJson(api.url, world.pia.email);
    const list = await pia('GET', '/api/provider/statements');
    expect(list.status).toBe(200);
    expect(statementListSchema.parse(list.json).weeks.length).toBeGreaterThan(0);
    const week = await pia('GET', '/api/provider/statements/2026-11-16');
    expect(week.status).toBe(200);
    expect(statementSchema.parse(week.json).totals.total).toBe('370.00');
    const download = await signInAs(api.url, world.pia.email);
    const res = await download('/api/provider/statements/2026-11-16/pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="twinclean-statement-2026-11-16.pdf"',
    );
    expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain('Pia Lund');
  });

  it("never show one provider another's payouts", async () => {
    const quinn: JsonCall = await signedInJson(api.url, world.quinn.email);
    const week = await quinn('GET', '/api/provider/statements/2026-11-16');
    expect(week.status).toBe(200);
    expect(week.json.jobs.map((j: { payoutId: string }) => j.payoutId)).toEqual([
      world.jobs.quinnJob.payoutId,
    ]);
    expect(week.json.transfer).toBeNull();
    expect(JSON.stringify(week.json)).not.toContain(world.jobs.w1.payoutId);
  });

  it('refuse a day that is not a Monday with 400 and the reason', async () => {
    const pia = await signedInJson(api.url, world.pia.email);
    // 0001-01-01T00:00:00Z: the fuzz test's find (a date with a time once threw in the check).
    const days = [
      '2026-11-17',
      '2026-02-30',
      '2026-13-01',
      'last-week',
      '0001-01-01T00%3A00%3A00Z',
    ];
    for (const day of days) {
      const res = await pia('GET', `/api/provider/statements/${day}`);
      expect(res.status, day).toBe(400);
      expect(JSON.stringify(res.json), day).toMatch(/Monday|date like/);
    }
    const res = await pia('GET', '/api/provider/statements/2026-11-18/pdf');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(NOT_A_MONDAY_MESSAGE);
  });
});
