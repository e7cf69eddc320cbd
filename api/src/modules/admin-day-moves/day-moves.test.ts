import {
  appliedDayMoveSchema,
  dayMovePreviewSchema,
  dayMoveSchema,
  dayMoveSummarySchema,
} from '@twinclean/shared/day-moves';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow, nextWeekday } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const MONDAY = 1;

let owner: JsonCall;
let staff: JsonCall;
beforeAll(async () => {
  const admin = async (role: string) =>
    signedInJson(api.url, (await newUser(db.knex, 'client', { role })).email);
  owner = await admin('admin_owner');
  staff = await admin('admin_staff');
});

/** A provider whose week is these [weekday, start, end] slots. */
async function provider(slots: [number, string, string][]) {
  const user = await newUser(db.knex, 'provider');
  if (slots.length) {
    await db.knex('availabilitySlots').insert(
      slots.map(([dayOfWeek, startTime, endTime]) => ({
        providerId: user.id,
        dayOfWeek,
        startTime,
        endTime,
        isActive: true,
      })),
    );
  }
  return user;
}

/** A two-hour visit on `date` at `time`. */
async function visit(date: string, time: string, extra: Record<string, unknown> = {}) {
  const start = chicagoInstant(date, time);
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(start, { clientEmail: `c-${Math.random()}@example.com`, ...extra }))
    .returning('id');
  return row.id as string;
}

const dow = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const booking = (id: string) => db.knex('bookings').where({ id }).first();

describe('move a day', () => {
  it('previews each visit of the date going to the next day its provider is free, changing nothing', async () => {
    const day = nextWeekday(MONDAY);
    // Free on the Wednesday after; not before.
    const wednesday = await provider([[dow(addDays(day, 2)), '08:00', '16:00']]);
    // Free Tuesday and Thursday, but Tuesday morning already has a job of theirs.
    const busy = await provider([
      [dow(addDays(day, 1)), '08:00', '16:00'],
      [dow(addDays(day, 3)), '08:00', '16:00'],
    ]);
    await visit(addDays(day, 1), '10:00', { providerId: busy.id, assignedAt: new Date() });
    // Afternoons only: never free at 09:00.
    const afternoons = await provider(
      [0, 1, 2, 3, 4, 5, 6].map((d) => [d, '13:00', '16:00'] as [number, string, string]),
    );
    const a = await visit(day, '09:00', { providerId: wednesday.id, assignedAt: new Date() });
    const b = await visit(day, '09:00', { providerId: busy.id, assignedAt: new Date() });
    const c = await visit(day, '09:00', { providerId: afternoons.id, assignedAt: new Date() });
    const open = await visit(day, '11:00');
    const canceled = await visit(day, '12:00', {
      canceledAt: new Date(),
      cancellationReason: 'Plans changed',
    });
    const started = await visit(day, '08:00', {
      providerId: busy.id,
      assignedAt: new Date(),
      clockInAt: new Date(),
    });

    const res = await owner('POST', '/api/admin/day-moves/preview', { date: day });
    expect(res.status).toBe(200);
    const preview = dayMovePreviewSchema.parse(res.json);
    const row = (id: string) => preview.visits.find((v) => v.bookingId === id);
    expect(row(a)).toMatchObject({ toDate: addDays(day, 2), toTime: '09:00', status: 'new' });
    expect(row(b)).toMatchObject({ toDate: addDays(day, 3), toTime: '09:00' });
    expect(row(c)).toMatchObject({ toDate: null, toTime: null, providerName: 'Pia Tester' });
    expect(row(open)).toMatchObject({ toDate: addDays(day, 1), providerName: null });
    expect(row(canceled)).toBeUndefined();
    expect(row(started)).toBeUndefined();
    expect(preview.moving).toBe(preview.visits.length);
    expect(await booking(a)).toMatchObject({ scheduledDate: day, providerId: wednesday.id });
    expect(await db.knex('visitMoves').whereIn('bookingId', [a, b, c, open])).toEqual([]);
  });

  it('applies the move in one go: visits moved, moves pending, audited, e-mails with links', async () => {
    const day = addDays(nextWeekday(MONDAY), 7);
    const free = await provider([]);
    const never = await provider([[dow(day), '13:00', '16:00']]);
    const kept = await visit(day, '09:00', { providerId: free.id, assignedAt: new Date() });
    const left = await visit(day, '10:00', { providerId: never.id, assignedAt: new Date() });

    const res = await owner('POST', '/api/admin/day-moves', { date: day, reason: 'a blizzard' });
    expect(res.status).toBe(201);
    const applied = appliedDayMoveSchema.parse(res.json);
    expect(applied).toMatchObject({ date: day, reason: 'a blizzard', leftWaiting: 0 });
    expect(await booking(kept)).toMatchObject({
      scheduledDate: addDays(day, 1),
      scheduledTime: '09:00',
      providerId: free.id,
    });
    expect((await booking(kept)).scheduledAt).toEqual(chicagoInstant(addDays(day, 1), '09:00'));
    // No one free: the visit waits, unassigned, for its client's choice.
    expect(await booking(left)).toMatchObject({ scheduledDate: day, providerId: null });
    // It still stands on the moved date, so no provider may find or take it meanwhile.
    const another = await signedInJson(api.url, free.email);
    const board = await another('GET', '/api/provider/job-board');
    expect(board.status).toBe(200);
    expect(JSON.stringify(board.json)).not.toContain(left);
    expect((await another('POST', `/api/provider/job-board/${left}/accept`)).status).toBe(409);
    expect(await db.knex('visitMoves').whereIn('bookingId', [kept, left])).toHaveLength(2);
    expect(
      await db.knex('visitMoves').whereIn('bookingId', [kept, left]).where({ status: 'pending' }),
    ).toHaveLength(2);
    const audits = await db.knex('auditLog').whereIn('entityId', [kept, left, applied.id]);
    expect(audits.map((a) => a.action).sort()).toEqual([
      'booking.day_move',
      'booking.day_move',
      'day_move.create',
    ]);

    const keptMail = await db
      .knex('outboundEmails')
      .where({ template: 'day_move_client', toAddress: (await booking(kept)).clientEmail })
      .first();
    expect(keptMail.textBody).toContain('a blizzard');
    expect(keptMail.textBody).toMatch(/\/visit-moves\/[0-9a-f-]{36}_[\w-]{43}/);
    const leftMail = await db
      .knex('outboundEmails')
      .where({ template: 'day_move_client', toAddress: (await booking(left)).clientEmail })
      .first();
    expect(leftMail.textBody).toContain('please pick a new time');
    const providerMail = await db
      .knex('outboundEmails')
      .where({ template: 'day_move_provider', toAddress: never.email })
      .first();
    expect(providerMail.textBody).toContain('off your schedule until the client picks');

    const history = (await owner('GET', '/api/admin/day-moves')).json as unknown[];
    expect(history.map((h) => dayMoveSummarySchema.parse(h).id)).toContain(applied.id);
    const detail = dayMoveSchema.parse(
      (await owner('GET', `/api/admin/day-moves/${applied.id}`)).json,
    );
    expect(detail.visits.find((v) => v.bookingId === kept)).toMatchObject({
      status: 'pending',
      fromDate: day,
      toDate: addDays(day, 1),
    });

    // Again: the moved visit is no longer on the date, the waiting one is left, and it says so.
    const again = await owner('POST', '/api/admin/day-moves', { date: day, reason: 'a blizzard' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/waits on the client's answer to an earlier move/);
    expect(await db.knex('visitMoves').whereIn('bookingId', [kept, left])).toHaveLength(2);
    const preview = dayMovePreviewSchema.parse(
      (await owner('POST', '/api/admin/day-moves/preview', { date: day })).json,
    );
    expect(preview.visits.find((v) => v.bookingId === left)).toMatchObject({ status: 'waiting' });
  });

  it('two owners moving the same date at once move each visit once', async () => {
    const day = addDays(nextWeekday(MONDAY), 21);
    const never = await provider([[dow(day), '13:00', '16:00']]);
    const ids = [
      await visit(day, '09:00'),
      await visit(day, '10:00', { providerId: never.id, assignedAt: new Date() }),
    ];
    // Another transaction holds the visits while both requests arrive, so they overlap.
    const hold = await db.knex.transaction();
    await hold('bookings').whereIn('id', ids).forUpdate();
    const racing = Promise.all(
      [1, 2].map(() => owner('POST', '/api/admin/day-moves', { date: day, reason: 'ice' })),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await hold.commit();
    const both = await racing;
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // The second waited for the first and says why it moved nothing.
    expect(both.find((r) => r.status === 409)?.json.message).toMatch(/earlier move/);
    expect(await db.knex('visitMoves').whereIn('bookingId', ids)).toHaveLength(2);
    expect(await db.knex('dayMoves').where({ movedDate: day })).toHaveLength(1);
  });

  it("is the owner's alone, and refuses a past date or a missing reason", async () => {
    const day = addDays(nextWeekday(MONDAY), 14);
    const res = await staff('POST', '/api/admin/day-moves/preview', { date: day });
    expect(res.status).toBe(403);
    const past = await owner('POST', '/api/admin/day-moves', {
      date: addDays(chicagoDate(new Date()), -1),
      reason: 'snow',
    });
    expect(past).toMatchObject({ status: 400 });
    expect(past.json.message).toMatch(/today or a later date/);
    const blank = await owner('POST', '/api/admin/day-moves', { date: day, reason: '  ' });
    expect(blank.status).toBe(400);
    expect(await db.knex('dayMoves').where({ movedDate: day })).toEqual([]);
  });
});
