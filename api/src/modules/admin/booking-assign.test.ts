import { adminBookingAnswerSchema } from '@twinclean/shared/admin-booking';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { insertSpecialJob, type SpecialKind } from '../../test/special-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let staff: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
});

const start = chicagoInstant(addDays(chicagoDate(new Date()), 3), '10:00');
let clients = 0;
/** An open job of a guest with their own address, so their e-mails are theirs alone. */
async function openJob(kind: SpecialKind = 'carpet', overrides: Record<string, unknown> = {}) {
  clients += 1;
  const clientEmail = `assign-${clients}-${Date.now()}@example.com`;
  const id = await insertSpecialJob(db.knex, kind, {
    start,
    overrides: { clientEmail, ...overrides },
  });
  return { id, clientEmail };
}
const emails = (to: string, template: string) =>
  db.knex('outboundEmails').where({ toAddress: to, template });
const auditOf = (id: string) =>
  db.knex('auditLog').where({ entity: 'booking', entityId: id }).orderBy('id');
const stored = (id: string) => db.knex('bookings').where({ id }).first();

describe('assigning a provider', () => {
  it('assigns, reassigns naming whom it replaces, tells both providers, audited', async () => {
    const [first, second] = [
      await newUser(db.knex, 'provider'),
      await newUser(db.knex, 'provider'),
    ];
    const { id } = await openJob();
    const path = `/api/admin/bookings/${id}/assign`;
    const assigned = await staff('POST', path, { providerId: first.id, replacing: null });
    expect(assigned.status).toBe(200);
    expect(adminBookingAnswerSchema.parse(assigned.json)).toMatchObject({
      message: 'Provider assigned',
      booking: { status: 'assigned', provider: { id: first.id, email: first.email } },
    });
    expect(await emails(first.email, 'provider_job_assigned')).toHaveLength(1);
    // The same assignment again is a no-op.
    expect((await staff('POST', path, { providerId: first.id })).status).toBe(200);
    expect(await auditOf(id)).toMatchObject([
      { action: 'booking.assign', before: { providerId: null }, after: { providerId: first.id } },
    ]);

    const before = await snapshot(db.knex);
    expect(await staff('POST', path, { providerId: second.id })).toMatchObject({
      status: 409,
      json: { code: 'already_assigned' },
    });
    expect(await staff('POST', path, { providerId: second.id, replacing: null })).toMatchObject({
      status: 409,
      json: { code: 'provider_changed' },
    });
    expect(await snapshot(db.knex)).toBe(before);

    const moved = await staff('POST', path, { providerId: second.id, replacing: first.id });
    expect(moved.json).toMatchObject({
      message: 'Provider reassigned',
      booking: { provider: { id: second.id } },
    });
    expect(await emails(first.email, 'provider_job_unassigned')).toHaveLength(1);
    expect(await emails(second.email, 'provider_job_assigned')).toHaveLength(1);
    expect((await auditOf(id)).map((row) => row.action)).toEqual([
      'booking.assign',
      'booking.reassign',
    ]);
  });

  it('asks for the deposit when a final-priced job gets its provider', async () => {
    const provider = await newUser(db.knex, 'provider');
    const { id, clientEmail } = await openJob('laundry');
    const answer = await staff('POST', `/api/admin/bookings/${id}/assign`, {
      providerId: provider.id,
    });
    expect(answer.json.booking).toMatchObject({
      status: 'pending_deposit',
      payLink: { due: { option: 'deposit', amount: '50.00' }, sent: [{ purpose: 'deposit' }] },
    });
    const [request] = await emails(clientEmail, 'payment_request');
    expect(request.textBody).toMatch(/\$50\.00 for your laundry pickup/);
    expect(request.textBody).toMatch(/\/pay\/[\w-]{43}/);
  });

  it('refuses a non-provider (400), bad input (400) and an unknown booking (404), changing nothing', async () => {
    const client = await newUser(db.knex, 'client');
    const { id } = await openJob();
    const before = await snapshot(db.knex);
    const path = `/api/admin/bookings/${id}/assign`;
    expect(await staff('POST', path, { providerId: client.id })).toMatchObject({
      status: 400,
      json: { message: 'No provider has that id.' },
    });
    expect((await staff('POST', path, { providerId: 'maria' })).json.message).toMatch(
      /Provider id must be a UUID/,
    );
    expect((await staff('POST', path, {})).status).toBe(400);
    const missing = await staff(
      'POST',
      '/api/admin/bookings/00000000-0000-4000-8000-000000000000/assign',
      {
        providerId: client.id,
      },
    );
    expect(missing.status).toBe(404);
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('unassigns back to the board and tells the provider; never once clocked in or canceled', async () => {
    const provider = await newUser(db.knex, 'provider');
    const { id } = await openJob('carpet');
    await staff('POST', `/api/admin/bookings/${id}/assign`, { providerId: provider.id });
    const answer = await staff('POST', `/api/admin/bookings/${id}/unassign`);
    expect(answer.json).toMatchObject({
      message: 'Provider unassigned',
      booking: {
        provider: null,
        status: 'pending_assignment',
        actions: { unassign: { allowed: false } },
      },
    });
    expect(await stored(id)).toMatchObject({ providerId: null, assignedAt: null });
    expect(await emails(provider.email, 'provider_job_unassigned')).toHaveLength(1);
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'booking.unassign',
      before: { providerId: provider.id },
    });

    const working = await openJob('carpet', {
      providerId: provider.id,
      assignedAt: new Date(),
      clockInAt: new Date(),
    });
    const canceled = await openJob('carpet', {
      canceledAt: new Date(),
      cancellationReason: 'Client moved away',
    });
    const other = await newUser(db.knex, 'provider');
    const before = await snapshot(db.knex);
    const started = 'The provider has already clocked in, so the job can no longer change hands.';
    expect(await staff('POST', `/api/admin/bookings/${working.id}/unassign`)).toMatchObject({
      status: 409,
      json: { message: started },
    });
    expect(
      await staff('POST', `/api/admin/bookings/${working.id}/assign`, {
        providerId: other.id,
        replacing: provider.id,
      }),
    ).toMatchObject({ status: 409, json: { message: started } });
    expect(
      await staff('POST', `/api/admin/bookings/${canceled.id}/assign`, { providerId: other.id }),
    ).toMatchObject({ status: 409, json: { message: 'This booking is canceled.' } });
    expect((await staff('POST', `/api/admin/bookings/${canceled.id}/unassign`)).status).toBe(409);
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('races a provider accepting from the board: exactly one of the two wins', async () => {
    const mine = await newUser(db.knex, 'provider');
    const rival = await newUser(db.knex, 'provider');
    const accept = await signInAs(api.url, rival.email);
    for (let round = 0; round < 4; round += 1) {
      const { id } = await openJob();
      const [admin, board] = await Promise.all([
        staff('POST', `/api/admin/bookings/${id}/assign`, { providerId: mine.id }),
        accept(`/api/provider/job-board/${id}/accept`, { method: 'POST' }),
      ]);
      expect([admin.status, board.status].sort()).toEqual([200, 409]);
      const winner = admin.status === 200 ? mine.id : rival.id;
      expect((await stored(id)).providerId).toBe(winner);
      expect(await auditOf(id)).toHaveLength(admin.status === 200 ? 1 : 0);
    }
  });
});
