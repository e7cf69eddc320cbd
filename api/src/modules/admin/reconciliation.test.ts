import { reconciliationSchema } from '@twinclean/shared/admin-reconciliation';
import { chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { moneyFixtures } from '../../test/money-fixtures';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const money = moneyFixtures(
  () => db.knex,
  () => api.url,
);

let staff: JsonCall;
let owner: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
  owner = await signedInJson(api.url, 'owner@example.com');
});

const PATH = '/api/admin/reconciliation';
const today = () => chicagoDate(new Date());

describe('GET /api/admin/reconciliation', () => {
  it('answers the days checked, the counts, and no differences for a consistent day', async () => {
    const paid = await money.paid();
    await money.refunded(owner, paid.paymentId, '12.50');
    const answer = await staff('GET', `${PATH}?from=${today()}&to=${today()}`);
    expect(answer.status).toBe(200);
    const report = reconciliationSchema.parse(answer.json);
    expect(report).toMatchObject({ from: today(), to: today(), gateway: 'local', differences: [] });
    expect(report.checked.payments).toBeGreaterThanOrEqual(1);
    expect(report.checked.refunds).toBeGreaterThanOrEqual(1);
  });

  it('lists a ledger row edited in the database, amounts in dollars, by America/Chicago days', async () => {
    const paid = await money.paid();
    await db.knex('payments').where({ id: paid.paymentId }).update({ amountCents: 7_777 });
    // 03:00 UTC on the 2nd is still the 1st in Chicago.
    await db
      .knex('payments')
      .where({ id: paid.paymentId })
      .update({ createdAt: new Date('2034-06-02T03:00:00Z') });
    await db
      .knex('localGatewayIntents')
      .where({ id: paid.intentId })
      .update({ createdAt: new Date('2034-06-02T03:00:00Z') });

    const first = reconciliationSchema.parse(
      (await owner('GET', `${PATH}?from=2034-06-01&to=2034-06-01`)).json,
    );
    expect(first.differences).toEqual([
      {
        kind: 'amount_differs',
        record: 'payment',
        gatewayId: paid.intentId,
        paymentIntentId: paid.intentId,
        ledgerId: paid.paymentId,
        ledgerAmount: '77.77',
        gatewayAmount: '90.00',
        ledgerStatus: 'succeeded',
        gatewayStatus: 'succeeded',
        at: '2034-06-02T03:00:00.000Z',
      },
    ]);
    const next = reconciliationSchema.parse(
      (await owner('GET', `${PATH}?from=2034-06-02&to=2034-06-30`)).json,
    );
    expect(next).toMatchObject({ checked: { payments: 0, refunds: 0 }, differences: [] });
  });

  it('refuses missing, malformed and out-of-order days with what to fix', async () => {
    const cases: [string, string][] = [
      ['', 'Choose the first day to check'],
      [`?from=${today()}`, 'Choose the last day to check'],
      ['?from=2034-13-01&to=2034-12-01', 'Not a real date'],
      ['?from=06/01/2034&to=2034-06-02', 'Use a date like 2026-11-24'],
      ['?from=2034-06-02&to=2034-06-01', 'The start date must be on or before the end date'],
      ['?from=2033-01-01&to=2034-01-02', 'Check at most 366 days at a time'],
    ];
    for (const [query, message] of cases) {
      const answer = await staff('GET', `${PATH}${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.code, query).toBeTypeOf('string');
      expect(JSON.stringify(answer.json), query).toContain(message);
    }
    expect((await staff('GET', `${PATH}?from=2033-01-01&to=2034-01-01`)).status).toBe(200);
  });

  it('is for admins alone, as the other finance pages', async () => {
    expect((await fetch(`${api.url}${PATH}?from=${today()}&to=${today()}`)).status).toBe(401);
    for (const role of ['client', 'provider'] as const) {
      const user = await signedInJson(api.url, (await newUser(db.knex, role)).email);
      expect((await user('GET', `${PATH}?from=${today()}&to=${today()}`)).status, role).toBe(403);
    }
  });
});
