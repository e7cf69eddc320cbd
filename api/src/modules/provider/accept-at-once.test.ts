import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const PROVIDERS = 12;
const DAY = 86_400_000;

let providers: { id: string; call: Awaited<ReturnType<typeof signedInJson>> }[] = [];

beforeAll(async () => {
  providers = await Promise.all(
    Array.from({ length: PROVIDERS }, async () => {
      const user = await newUser(db.knex, 'provider');
      return { id: user.id, call: await signedInJson(api.url, user.email) };
    }),
  );
});

describe('accepts of one job at once', () => {
  it('give it to one provider, refuse the rest, and claim it in the database once', async () => {
    const client = await newUser(db.knex);
    const [job] = await db
      .knex('bookings')
      .insert(bookingRow(new Date(Date.now() + 3 * DAY), { clientEmail: client.email }))
      .returning('id');
    let claims = 0;
    const countClaims = (query: { sql: string }) => {
      if (/^update "bookings" set "provider_id"/.test(query.sql)) claims += 1;
    };
    db.knex.on('query', countClaims);
    const answers = await Promise.all(
      providers.map(({ call }) => call('POST', `/api/provider/job-board/${job.id}/accept`)),
    ).finally(() => db.knex.off('query', countClaims));

    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(PROVIDERS - 1);
    expect(answers.find((answer) => answer.status === 409)?.json).toMatchObject({
      message: 'This job may no longer be available.',
    });
    // The others waited for the first claim in memory; the database was asked once.
    expect(claims).toBe(1);
    const winner = providers[answers.findIndex((answer) => answer.status === 200)];
    expect(won[0]?.json).toMatchObject({ id: job.id, series: null });
    const stored = await db.knex('bookings').where({ id: job.id }).first();
    expect(stored.providerId).toBe(winner?.id);
    expect(stored.depositRequestedAt).toBeInstanceOf(Date);
    // Every effect of the accept, once: the deposit's pay link and its e-mail, sent.
    expect(await db.knex('paymentLinks').where({ bookingId: job.id })).toHaveLength(1);
    const mails = await db
      .knex('outboundEmails')
      .where({ toAddress: client.email, template: 'payment_request' });
    expect(mails.map((mail) => mail.status)).toEqual(['stored']);

    // Sent again by the winner (its answer lost), the accept still answers with the job.
    const again = await winner?.call('POST', `/api/provider/job-board/${job.id}/accept`);
    expect(again).toMatchObject({ status: 200, json: { id: job.id } });
  });

  it('refuses a late accept of a job taken a moment ago with one read, and lets it take the job once released', async () => {
    const [job] = await db
      .knex('bookings')
      .insert(bookingRow(new Date(Date.now() + 3 * DAY)))
      .returning('id');
    const [first, late, later] = providers;
    const accept = (provider: typeof first) => {
      if (!provider) throw new Error('The test signs in too few providers');
      return provider.call('POST', `/api/provider/job-board/${job.id}/accept`);
    };
    expect(await accept(first)).toMatchObject({ status: 200 });

    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    db.knex.on('query', record);
    const refused = await accept(late).finally(() => db.knex.off('query', record));
    expect(refused).toMatchObject({
      status: 409,
      json: { message: 'This job may no longer be available.' },
    });
    // Who holds the job, read: no transaction, no claim (the session was read at sign-in).
    const onBookings = statements.filter((sql) => /"bookings"/.test(sql));
    expect(onBookings).toHaveLength(1);
    expect(onBookings[0]).toMatch(/^select "provider_id", "canceled_at" from "bookings"/);
    expect(statements.filter((sql) => /^(begin|BEGIN)/.test(sql))).toEqual([]);

    // Released since (an admin unassigned it): the database judges, and the next accept takes it.
    await db.knex('bookings').where({ id: job.id }).update({ providerId: null, assignedAt: null });
    expect(await accept(later)).toMatchObject({ status: 200, json: { id: job.id } });
    const stored = await db.knex('bookings').where({ id: job.id }).first();
    expect(stored.providerId).toBe(later?.id);
  });
});
