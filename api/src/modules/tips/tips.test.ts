import { tipIntentAnswerSchema } from '@twinclean/shared/tips';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { newUser, signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { finishedVisit } from '../../test/tips-world';
import { reportTokens } from '../visit-report/tokens';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const DAY = 86_400_000;
const CLOSED = 'This visit can no longer be tipped.';

let provider: string;
beforeAll(async () => {
  await seedDemoData(db.knex);
  provider = (await newUser(db.knex, 'provider')).id;
});

const tipRows = (bookingId: string) =>
  db.knex('payments').where({ bookingId, kind: 'tip' }).orderBy('createdAt');

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, asserted below
  return { status: res.status, json: (await res.json()) as any };
};

describe('asking to tip', () => {
  it('charges the percent of the visit or the amount the client chose, the server working it out', async () => {
    const client = await signedInClient(db.knex, api.url);
    const visit = await finishedVisit(db.knex, { clientId: client.id, providerId: provider });
    const percent = await client.call('POST', `/api/bookings/${visit}/tips`, { percent: 20 });
    expect(percent.status).toBe(200);
    // 20 % of the $135.00 visit.
    expect(tipIntentAnswerSchema.parse(percent.json)).toMatchObject({
      amount: '27.00',
      gateway: 'local',
      publishableKey: null,
    });
    const intent = await db
      .knex('localGatewayIntents')
      .where({ id: percent.json.paymentIntentId })
      .first();
    expect(intent).toMatchObject({
      amountCents: 2700,
      metadata: { bookingId: visit, purpose: 'tip', providerId: provider },
    });
    // Asked again (a second tab): the same intent, one row.
    const again = await client.call('POST', `/api/bookings/${visit}/tips`, { percent: 20 });
    expect(again.json.paymentIntentId).toBe(percent.json.paymentIntentId);
    expect(await tipRows(visit)).toHaveLength(1);

    const amount = await client.call('POST', `/api/bookings/${visit}/tips`, { amount: '12.5' });
    expect(amount.json.amount).toBe('12.50');
    // The changed tip replaces the first: only the last one can be paid.
    expect((await tipRows(visit)).map((r) => [r.amountCents, r.status])).toEqual([
      [2700, 'canceled'],
      [1250, 'requires_payment'],
    ]);
    const replaced = await db
      .knex('localGatewayIntents')
      .where({ id: percent.json.paymentIntentId })
      .first();
    expect(replaced.status).toBe('canceled');
    // Never the booking's money.
    const booking = await db.knex('bookings').where({ id: visit }).first();
    expect(booking).toMatchObject({ amountPaidCents: 0, totalAmountCents: 13_500 });
  });

  it('refuses a choice it does not offer with the reason, and writes nothing', async () => {
    const client = await signedInClient(db.knex, api.url);
    const visit = await finishedVisit(db.knex, { clientId: client.id, providerId: provider });
    const before = await snapshot(db.knex);
    const none = await client.call('POST', `/api/bookings/${visit}/tips`, {});
    expect(none.status).toBe(400);
    expect(none.json.message).toContain('Choose 15%, 20% or 25%, or enter an amount');
    const both = await client.call('POST', `/api/bookings/${visit}/tips`, {
      percent: 15,
      amount: '5',
    });
    expect(both.status).toBe(400);
    const small = await client.call('POST', `/api/bookings/${visit}/tips`, { amount: '0.50' });
    expect(small.status).toBe(400);
    expect(small.json.message).toContain('Enter a tip from $1.00 to $1,000.00, like 20.00');
    const odd = await client.call('POST', `/api/bookings/${visit}/tips`, { percent: 18 });
    expect(odd.status).toBe(400);
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('refuses a percent that comes to less than a dollar', async () => {
    const client = await signedInClient(db.knex, api.url);
    const visit = await finishedVisit(db.knex, {
      clientId: client.id,
      providerId: provider,
      fields: { totalAmountCents: 500, baseAmountCents: 500, depositAmountCents: 0 },
    });
    const answer = await client.call('POST', `/api/bookings/${visit}/tips`, { percent: 15 });
    expect(answer).toMatchObject({
      status: 400,
      json: { code: 'tip_out_of_range', message: 'A tip is from $1.00 to $1,000.00.' },
    });
    expect(await tipRows(visit)).toHaveLength(0);
  });

  it('opens at clock-out and closes on a canceled visit and after 30 days, writing nothing', async () => {
    const client = await signedInClient(db.knex, api.url);
    const cases = [
      [{ clockOutAt: null }, 'Tips open once the visit is done.'],
      // A visit is canceled or done, never both (a check on bookings).
      [
        {
          clockOutAt: null,
          canceledAt: new Date(),
          fields: { cancellationReason: 'Client canceled' },
        },
        CLOSED,
      ],
      [{ clockOutAt: new Date(Date.now() - 31 * DAY) }, CLOSED],
      [{ payout: false }, CLOSED],
    ] as const;
    for (const [facts, message] of cases) {
      const visit = await finishedVisit(db.knex, {
        clientId: client.id,
        providerId: provider,
        ...facts,
      });
      const before = await snapshot(db.knex);
      const answer = await client.call('POST', `/api/bookings/${visit}/tips`, { percent: 15 });
      expect(answer, JSON.stringify(facts)).toMatchObject({
        status: 409,
        json: { code: 'tip_closed', message },
      });
      expect(await snapshot(db.knex)).toBe(before);
    }
    // 29 days after: still open.
    const late = await finishedVisit(db.knex, {
      clientId: client.id,
      providerId: provider,
      clockOutAt: new Date(Date.now() - 29 * DAY),
    });
    expect((await client.call('POST', `/api/bookings/${late}/tips`, { percent: 15 })).status).toBe(
      200,
    );
  });

  it("answers another client's visit as one that does not exist", async () => {
    const owner = await signedInClient(db.knex, api.url);
    const other = await signedInClient(db.knex, api.url);
    const visit = await finishedVisit(db.knex, { clientId: owner.id, providerId: provider });
    const theirs = await other.call('POST', `/api/bookings/${visit}/tips`, { percent: 20 });
    const missing = await other.call('POST', `/api/bookings/${crypto.randomUUID()}/tips`, {
      percent: 20,
    });
    expect(theirs).toEqual(missing);
    expect(theirs.status).toBe(404);
    expect(await tipRows(visit)).toHaveLength(0);
  });
});

describe('tipping from the report link, without signing in', () => {
  it('works for the visit the link names; a forged link is not found and an expired one says so', async () => {
    const visit = await finishedVisit(db.knex, { clientId: null, providerId: provider });
    const token = (await reportTokens(db.knex))(visit);
    const answer = await post(`/api/visit-reports/${token}/tips`, { percent: 25 });
    expect(answer.status).toBe(200);
    expect(answer.json.amount).toBe('33.75');
    expect(await tipRows(visit)).toHaveLength(1);

    // The same id with another signature, and another visit's id with this one's.
    const other = await finishedVisit(db.knex, { clientId: null, providerId: provider });
    const [, mac] = token.split('_');
    for (const forged of [`${visit}_${'A'.repeat(43)}`, `${other}_${mac}`]) {
      const refused = await post(`/api/visit-reports/${forged}/tips`, { percent: 25 });
      expect(refused).toMatchObject({ status: 404, json: { code: 'not_found' } });
      const record = await post(`/api/visit-reports/${forged}/tips/record`, {
        paymentIntentId: answer.json.paymentIntentId,
      });
      expect(record.status).toBe(404);
    }
    expect(await tipRows(other)).toHaveLength(0);

    const old = await finishedVisit(db.knex, {
      clientId: null,
      providerId: provider,
      clockOutAt: new Date(Date.now() - 31 * DAY),
    });
    const expired = await post(`/api/visit-reports/${(await reportTokens(db.knex))(old)}/tips`, {
      percent: 15,
    });
    expect(expired).toMatchObject({
      status: 410,
      json: {
        code: 'link_expired',
        message: 'This visit report link has expired. Sign in to see your visits.',
      },
    });
    expect(await tipRows(old)).toHaveLength(0);
  });
});
