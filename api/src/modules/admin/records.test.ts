import { randomUUID } from 'node:crypto';
import { payoutsPageSchema } from '@twinclean/shared/admin';
import { auditPageSchema } from '@twinclean/shared/admin-audit';
import { chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { audit } from '../../core/audit';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);

let owner: JsonCall;
let staff: JsonCall;

beforeAll(async () => {
  await seedDemoData(db.knex);
  owner = await signedInJson(api.url, 'owner@example.com');
  staff = await signedInJson(api.url, 'staff@example.com');
});

/** A finished job of a new provider with its payout (clocked in at a point when asked). */
async function payout(provider: { id: string }, address: string, clockIn?: [number, number]) {
  const start = new Date(Date.now() - 3 * 3_600_000);
  const [job] = await db
    .knex('bookings')
    .insert(
      bookingRow(start, {
        address,
        providerId: provider.id,
        assignedAt: start,
        clockInAt: start,
        clockOutAt: new Date(),
      }),
    )
    .returning('id');
  const [event] = clockIn
    ? await db
        .knex('providerEvents')
        .insert({
          clientEventId: randomUUID(),
          providerId: provider.id,
          bookingId: job.id,
          type: 'clock_in',
          occurredAt: start,
          latitude: clockIn[0],
          longitude: clockIn[1],
          responseStatus: 200,
          responseBody: JSON.stringify({}),
        })
        .returning('id')
    : [];
  const [row] = await db
    .knex('payouts')
    .insert({
      providerId: provider.id,
      bookingId: job.id,
      hoursWorked: 2.5,
      hoursPaid: 2.5,
      hourlyRateCents: 2500,
      baseAmountCents: 6250,
      waitPayCents: 500,
      totalAmountCents: 6750,
      geofenceVerified: Boolean(clockIn),
      clockInEventId: event?.id ?? null,
    })
    .returning('id');
  return row.id as string;
}

describe('the payouts export', () => {
  it('downloads the filtered payouts as a dated CSV whose cells a spreadsheet cannot run', async () => {
    const provider = await newUser(db.knex, 'provider', { firstName: '=HYPERLINK("x")' });
    const first = await payout(provider, '12 "Oak" St, Unit 3', [44.94661234, -93.28625]);
    const flagged = await payout(provider, '40 Elm St');
    await db
      .knex('payouts')
      .where({ id: flagged })
      .update({ reviewReason: 'Clock-out flagged: "late", 3 h after the slot.' });
    const paid = await staff('PATCH', `/api/admin/payouts/${first}/mark-paid`);
    expect(paid.status).toBe(200);

    const download = await signInAs(api.url, 'staff@example.com');
    const res = await download(`/api/admin/exports/payouts.csv?providerId=${provider.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="payouts-${chicagoDate(new Date())}.csv"`,
    );
    // The byte-order mark Excel needs (fetch's text() would hide it).
    const lines = Buffer.from(await res.arrayBuffer())
      .toString('utf8')
      .split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFProvider,Address,City,State,Hours,Rate,Wait Pay,Bonus,Total,Status,Verified,Clock In Latitude,Clock In Longitude,Clock Out Latitude,Clock Out Longitude,Created At,Paid At,Paid By,Needs Review,Tip,Tip Owed',
    );
    expect(lines).toHaveLength(4);
    const name = `"'=HYPERLINK(""x"") Tester"`;
    expect(lines[2]).toMatch(
      new RegExp(
        `^${literal(`${name},"12 ""Oak"" St, Unit 3",Minneapolis,MN,2.50,25.00,5.00,0.00,67.50,paid,yes,44.94661234,-93.28625,,,`)}[^,]+,[^,]+,Sam Nguyen,,0.00,0.00$`,
      ),
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${literal(`${name},40 Elm St,Minneapolis,MN,2.50,25.00,5.00,0.00,67.50,pending,no,,,,,`)}[^,]+,,,${literal('"Clock-out flagged: ""late"", 3 h after the slot."')},0.00,0.00$`,
      ),
    );
    const pending = await download(
      `/api/admin/exports/payouts.csv?providerId=${provider.id}&status=pending`,
    );
    expect((await pending.text()).split('\r\n')).toHaveLength(3);
    expect((await download('/api/admin/exports/payouts.csv?status=lost')).status).toBe(400);
    const client = await signInAs(api.url, (await newUser(db.knex, 'client')).email);
    expect((await client('/api/admin/exports/payouts.csv')).status).toBe(403);
  });

  it('lists payouts fifty to a page, the newest first, with the total', async () => {
    const provider = await newUser(db.knex, 'provider');
    const made: string[] = [];
    for (let i = 0; i < 51; i += 1) made.push(await payout(provider, `${i} Birch St`));
    const read = async (page: number) =>
      payoutsPageSchema.parse(
        (await staff('GET', `/api/admin/payouts?providerId=${provider.id}&page=${page}`)).json,
      );
    const [one, two, three] = [await read(1), await read(2), await read(3)];
    expect(one).toMatchObject({ page: 1, pageSize: 50, total: 51 });
    expect(one.items.map((p) => p.id)).toEqual(made.slice(1).reverse());
    expect(two.items.map((p) => p.id)).toEqual([made[0]]);
    expect(three.items).toEqual([]);
    expect((await staff('GET', '/api/admin/payouts?page=0')).status).toBe(400);
  });
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the audit log', () => {
  it('shows the owner who did what and when, with the values before and after, newest first', async () => {
    const ownerRow = await db.knex('users').where({ email: 'owner@example.com' }).first();
    const staffRow = await db.knex('users').where({ email: 'staff@example.com' }).first();
    const entityId = randomUUID();
    await db.knex.transaction(async (trx) => {
      await audit(trx, {
        actorId: ownerRow.id,
        action: 'pricing.update',
        entity: 'pricing',
        entityId,
        before: { hourlyRate: '45.00' },
        after: { hourlyRate: '47.00' },
      });
    });
    const provider = await newUser(db.knex, 'provider');
    const id = await payout(provider, '1 Audit Ave');
    await staff('PATCH', `/api/admin/payouts/${id}/mark-paid`);

    const read = async (query: string) => {
      const answer = await owner('GET', `/api/admin/audit-log?${query}`);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return auditPageSchema.parse(answer.json);
    };
    const all = await read('');
    expect(all.items[0]).toMatchObject({
      action: 'payout.mark_paid',
      entity: 'payout',
      entityId: id,
      actor: { id: staffRow.id, name: 'Sam Nguyen', email: 'staff@example.com' },
      before: { status: 'pending', paidAt: null },
      after: { status: 'paid' },
    });
    expect(all.items[1]).toMatchObject({
      action: 'pricing.update',
      actor: { name: 'Dana Berg' },
      before: { hourlyRate: '45.00' },
      after: { hourlyRate: '47.00' },
    });
    expect(all.choices.entities).toEqual(expect.arrayContaining(['payout', 'pricing']));
    expect(all.choices.actions).toEqual(expect.arrayContaining(['payout.mark_paid']));
    expect(all.choices.actors).toEqual(
      expect.arrayContaining([{ id: staffRow.id, name: 'Sam Nguyen' }]),
    );

    const only = async (query: string) => (await read(query)).items.map((e) => e.entityId);
    expect(await only('entity=pricing')).toEqual([entityId]);
    expect(await only('action=payout.mark_paid')).toContain(id);
    expect(await only('action=payout.mark_paid')).not.toContain(entityId);
    expect(await only(`actorId=${ownerRow.id}`)).toEqual([entityId]);
    expect((await read('entity=nothing')).total).toBe(0);

    // The owner's alone, and bad filters are refused.
    expect((await staff('GET', '/api/admin/audit-log')).status).toBe(403);
    expect((await owner('GET', '/api/admin/audit-log?actorId=me')).status).toBe(400);
    expect((await owner('GET', '/api/admin/audit-log?page=-1')).status).toBe(400);
  });
});
