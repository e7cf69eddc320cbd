import { randomUUID } from 'node:crypto';
import { visitMoveViewSchema } from '@twinclean/shared/day-moves';
import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentDepsOf } from '../../app';
import { bookingRow, nextWeekday } from '../../test/fixtures';
import { newMember } from '../../test/members';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { jobAlerts } from '../push/job-alerts';
import { sweepVisitCharges } from '../subscriptions/visit-charges';
import { answerVisitMove } from './service';
import { visitMoveTokens } from './tokens';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;
const BASE = nextWeekday(1);

let owner: JsonCall;
beforeAll(async () => {
  owner = await signedInJson(
    api.url,
    (await newUser(db.knex, 'client', { role: 'admin_owner' })).email,
  );
});

const deps = () => ({
  ...paymentDepsOf(api.deps),
  alerts: jobAlerts(api.deps.jobs, pino({ level: 'silent' })),
});

/** A provider free from `from` to 16:00 on the weekdays of these dates (none: free any day). */
async function provider(dates: string[], from = '08:00') {
  const user = await newUser(db.knex, 'provider');
  for (const date of dates) {
    await db.knex('availabilitySlots').insert({
      providerId: user.id,
      dayOfWeek: new Date(`${date}T12:00:00Z`).getUTCDay(),
      startTime: from,
      endTime: '16:00',
      isActive: true,
    });
  }
  return user;
}

/** A two-hour 09:00 visit on `date`; its client's address is unique to it. */
async function visit(date: string, extra: Record<string, unknown> = {}) {
  const clientEmail = `moved-${randomUUID()}@example.com`;
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(chicagoInstant(date, '09:00'), { clientEmail, ...extra }))
    .returning('id');
  return { id: row.id as string, clientEmail };
}

/** Moves `date` as the owner and answers the token in the client's e-mail. */
async function moveDay(date: string, clientEmail: string) {
  const res = await owner('POST', '/api/admin/day-moves', { date, reason: 'a blizzard' });
  expect(res.status).toBe(201);
  const mail = await db
    .knex('outboundEmails')
    .where({ toAddress: clientEmail, template: 'day_move_client' })
    .first();
  const token = /\/visit-moves\/([0-9a-f-]{36}_[\w-]{43})/.exec(mail.textBody)?.[1];
  if (!token) throw new Error('no link in the e-mail');
  return token;
}

const link = async (method: string, token: string, body?: unknown) => {
  const res = await fetch(`${api.url}/api/visit-moves/${token}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { message?: string; status?: string } };
};
const booking = (id: string) => db.knex('bookings').where({ id }).first();
const moveOf = (bookingId: string) => db.knex('visitMoves').where({ bookingId }).first();

describe('the moved visit link', () => {
  it('shows the move, accepts the new time once, and a second answer is 409', async () => {
    const free = await provider([]);
    const v = await visit(BASE, { providerId: free.id, assignedAt: new Date() });
    const token = await moveDay(BASE, v.clientEmail);
    const view = visitMoveViewSchema.parse((await link('GET', token)).json);
    expect(view).toMatchObject({
      fromDate: BASE,
      fromTime: '09:00',
      proposedDate: addDays(BASE, 1),
      proposedTime: '09:00',
      status: 'pending',
      reason: 'a blizzard',
    });
    const accepted = await link('POST', token, { action: 'accept' });
    expect(accepted).toMatchObject({ status: 200, json: { status: 'accepted' } });
    expect(await moveOf(v.id)).toMatchObject({ status: 'accepted' });
    expect((await moveOf(v.id)).settledAt).not.toBeNull();
    expect(await booking(v.id)).toMatchObject({
      scheduledDate: addDays(BASE, 1),
      providerId: free.id,
    });
    const again = await link('POST', token, { action: 'skip' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already settled: you accepted the new time/);
    expect((await booking(v.id)).canceledAt).toBeNull();
  });

  it('answers 404 to a forged token or one naming no move', async () => {
    const forged = `${randomUUID()}_${'A'.repeat(43)}`;
    expect((await link('GET', forged)).status).toBe(404);
    expect((await link('POST', forged, { action: 'accept' })).status).toBe(404);
    const signed = (await visitMoveTokens(db.knex))(randomUUID());
    expect(await link('GET', signed)).toMatchObject({
      status: 404,
      json: { message: 'This link is not valid. Check that you opened the whole link.' },
    });
  });

  it('reschedules by the reschedule rules: provider kept when free, else the board', async () => {
    const date = addDays(BASE, 2);
    const pro = await provider([addDays(date, 1), addDays(date, 3)]);
    const kept = await visit(date, { providerId: pro.id, assignedAt: new Date() });
    const keptToken = await moveDay(date, kept.clientEmail);
    const bad = await link('POST', keptToken, {
      action: 'reschedule',
      scheduledDate: addDays(date, 3),
      scheduledTime: '07:00',
    });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.json.message).toMatch(/between 8:00 AM and 4:00 PM/);
    expect(await moveOf(kept.id)).toMatchObject({ status: 'pending' });
    const moved = await link('POST', keptToken, {
      action: 'reschedule',
      scheduledDate: addDays(date, 3),
      scheduledTime: '10:00',
    });
    expect(moved).toMatchObject({ status: 200, json: { status: 'rescheduled' } });
    expect(await booking(kept.id)).toMatchObject({
      scheduledDate: addDays(date, 3),
      scheduledTime: '10:00',
      providerId: pro.id,
    });

    // The next day on: the provider's week does not cover it, so the visit goes to the board.
    const other = await visit(addDays(date, 14), { providerId: pro.id, assignedAt: new Date() });
    const token = await moveDay(addDays(date, 14), other.clientEmail);
    await link('POST', token, {
      action: 'reschedule',
      scheduledDate: addDays(date, 16),
      scheduledTime: '10:00',
    });
    expect(await booking(other.id)).toMatchObject({
      scheduledDate: addDays(date, 16),
      providerId: null,
    });
    expect(
      await db
        .knex('outboundEmails')
        .where({ toAddress: pro.email, template: 'provider_job_released' }),
    ).toHaveLength(1);
  });

  it('a visit no provider could take waits for the client: no time to accept, they pick one', async () => {
    const date = addDays(BASE, 4);
    // Afternoons only: never free at 09:00.
    const busy = await provider([date], '13:00');
    const v = await visit(date, { providerId: busy.id, assignedAt: new Date() });
    const token = await moveDay(date, v.clientEmail);
    const accept = await link('POST', token, { action: 'accept' });
    expect(accept.status).toBe(409);
    expect(accept.json.message).toMatch(/no new time to accept/);
    const noTime = await link('POST', token, { action: 'reschedule' });
    expect(noTime.status).toBe(400);
    expect(await moveOf(v.id)).toMatchObject({ status: 'pending', proposedDate: null });
  });

  it('skipping cancels with no late fee, even within 24 hours of the new time', async () => {
    const date = addDays(BASE, 6);
    const v = await visit(date, { amountPaidCents: 3600 });
    const token = await moveDay(date, v.clientEmail);
    const soon = new Date(chicagoInstant(addDays(date, 1), '09:00').getTime() - 5 * HOUR);
    await answerVisitMove(deps(), token, { action: 'skip' }, soon);
    expect(await booking(v.id)).toMatchObject({ cancellationFeeCents: 0 });
    expect((await booking(v.id)).canceledAt).not.toBeNull();
    expect(await moveOf(v.id)).toMatchObject({ status: 'skipped' });
  });

  it('a moved visit is not charged until its move is settled', async () => {
    const date = addDays(BASE, 8);
    const member = await newMember(db.knex, api.url);
    const v = await visit(date, {
      clientId: member.id,
      clientEmail: member.email,
      subscriptionType: 'standard',
      hourlyRateCents: 2500,
      baseAmountCents: 5000,
      totalAmountCents: 5000,
      depositAmountCents: 0,
    });
    const token = await moveDay(date, member.email);
    const chargeTime = new Date(chicagoInstant(addDays(date, 1), '09:00').getTime() - 6 * HOUR);
    await sweepVisitCharges(deps(), chargeTime);
    expect(await booking(v.id)).toMatchObject({ amountPaidCents: 0 });
    expect(await db.knex('payments').where({ bookingId: v.id })).toEqual([]);
    expect((await link('POST', token, { action: 'accept' })).status).toBe(200);
    await sweepVisitCharges(deps(), chargeTime);
    expect(await booking(v.id)).toMatchObject({ amountPaidCents: 5000 });
  });
});
