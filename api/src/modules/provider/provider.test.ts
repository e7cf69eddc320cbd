import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { newUser } from '../../test/people';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const signedIn = (email: string) => signedInJson(api.url, email);

/** A fresh open house job on the given day and time. */
async function openJob(date: string, time: string, hours = 3): Promise<string> {
  const [row] = await db
    .knex('bookings')
    .insert({
      serviceType: 'house',
      clientFirstName: 'Open',
      clientLastName: 'Job',
      clientEmail: 'open@example.com',
      clientPhone: '612-555-0100',
      address: '1 Test St',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55408',
      scheduledDate: date,
      scheduledTime: time,
      scheduledAt: chicagoInstant(date, time),
      subscriptionType: 'none',
      baseHours: hours,
      totalHours: hours,
      hourlyRateCents: 4500,
      baseAmountCents: hours * 4500,
      totalAmountCents: hours * 4500,
      depositAmountCents: hours * 1800,
      priceIsFinal: true,
    })
    .returning('id');
  await db.knex('houseCleaningDetails').insert({
    bookingId: row.id,
    homeSize: 'large',
    numberOfFloors: 1,
    bedroomCount: 3,
    fullBathroomCount: 2,
    halfBathroomCount: 0,
    hasKitchen: true,
    hasLivingRoom: true,
    selectedRooms: ['kitchen'],
  });
  return row.id;
}

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

beforeAll(async () => {
  await seedDemoData(db.knex);
});

describe('provider routes', () => {
  it('need a provider: 401 without a session, 403 for a client', async () => {
    expect((await fetch(`${api.url}/api/provider/job-board`)).status).toBe(401);
    const client = await signedIn(demoAccounts.client.email);
    expect((await client('GET', '/api/provider/availability')).status).toBe(403);
  });
});

describe('availability', () => {
  it('adds, lists, updates and deletes slots on the half-hour grid', async () => {
    const amina = await signedIn(demoAccounts.provider2.email);
    const created = await amina('POST', '/api/provider/availability', {
      dayOfWeek: 1,
      startTime: '09:00',
      endTime: '12:30',
    });
    expect(created.status).toBe(201);
    const slot = created.json as { id: string };
    expect(created.json).toMatchObject({
      dayOfWeek: 1,
      startTime: '09:00',
      endTime: '12:30',
      isActive: true,
    });
    const updated = await amina('PUT', `/api/provider/availability/${slot.id}`, {
      dayOfWeek: 1,
      startTime: '08:00',
      endTime: '12:30',
    });
    expect(updated.json).toMatchObject({ startTime: '08:00' });
    const list = (await amina('GET', '/api/provider/availability')).json as { id: string }[];
    expect(list.map((s) => s.id)).toContain(slot.id);
    expect((await amina('DELETE', `/api/provider/availability/${slot.id}`)).status).toBe(200);
    expect((await amina('DELETE', `/api/provider/availability/${slot.id}`)).status).toBe(404);
  });

  it('refuses an end before the start, off-grid times and overlaps, with clear messages', async () => {
    const amina = await signedIn(demoAccounts.provider2.email);
    const backwards = await amina('POST', '/api/provider/availability', {
      dayOfWeek: 3,
      startTime: '12:00',
      endTime: '12:00',
    });
    expect(backwards).toMatchObject({
      status: 400,
      json: { message: 'endTime: End time must be after start time' },
    });
    const offGrid = await amina('POST', '/api/provider/availability', {
      dayOfWeek: 3,
      startTime: '09:15',
      endTime: '12:00',
    });
    expect(offGrid.status).toBe(400);
    // Amina's seeded Tuesday slot is 09:00–15:00.
    const clash = await amina('POST', '/api/provider/availability', {
      dayOfWeek: 2,
      startTime: '14:00',
      endTime: '18:00',
    });
    expect(clash).toMatchObject({
      status: 409,
      json: { message: 'This slot overlaps your 09:00–15:00 slot on the same day.' },
    });
    const touching = await amina('POST', '/api/provider/availability', {
      dayOfWeek: 2,
      startTime: '15:00',
      endTime: '18:00',
    });
    expect(touching.status).toBe(201);
  });

  it("never lets a provider change another provider's slot", async () => {
    const maria = await signedIn(demoAccounts.provider.email);
    const [amina] = await db
      .knex('availabilitySlots')
      .where({ providerId: demoAccounts.provider2.id })
      .limit(1);
    const res = await maria('PUT', `/api/provider/availability/${amina.id}`, {
      dayOfWeek: 0,
      startTime: '10:00',
      endTime: '11:00',
    });
    expect(res.status).toBe(404);
  });
});

describe('job board', () => {
  it("shows open jobs inside the provider's slots, priced as the provider's pay", async () => {
    const date = addDays(chicagoDate(new Date()), 7);
    const inside = await openJob(date, '09:00', 3);
    const evening = await openJob(date, '16:00', 3);
    const acrossTouchingSlots = await openJob(date, '15:00', 2); // 14:00–16:00 + 16:00–23:30
    const outside = [
      await openJob(date, '11:30', 1), // ends 12:30, after the morning slot
      await openJob(date, '13:00', 2), // between the slots
      await openJob(date, '16:00', 8.5), // runs past midnight
      await openJob(date, '08:00', 102), // absurdly long: no slot, however its end time reads
      await openJob(addDays(date, 1), '09:00', 1), // a day with no slot
    ];
    await db.knex('availabilitySlots').where({ providerId: demoAccounts.provider2.id }).delete();
    await db.knex('availabilitySlots').insert([
      {
        providerId: demoAccounts.provider2.id,
        dayOfWeek: weekday(date),
        startTime: '08:00',
        endTime: '12:00',
      },
      {
        providerId: demoAccounts.provider2.id,
        dayOfWeek: weekday(date),
        startTime: '16:00',
        endTime: '23:30',
      },
      {
        providerId: demoAccounts.provider2.id,
        dayOfWeek: weekday(date),
        startTime: '14:00',
        endTime: '16:00',
      },
      {
        providerId: demoAccounts.provider2.id,
        dayOfWeek: weekday(addDays(date, 1)),
        startTime: '09:00',
        endTime: '10:00',
        isActive: false,
      },
    ]);
    const amina = await signedIn(demoAccounts.provider2.email);
    const board = (await amina('GET', '/api/provider/job-board')).json as {
      id: string;
      totalAmount: string;
      hourlyRate: string;
      homeSize: string;
    }[];
    const ids = board.map((j) => j.id);
    expect(ids).toEqual(expect.arrayContaining([inside, evening, acrossTouchingSlots]));
    for (const id of outside) expect(ids).not.toContain(id);
    expect(board.find((j) => j.id === inside)).toMatchObject({
      totalAmount: '75.00',
      hourlyRate: '25.00',
      homeSize: 'large',
    });
  });

  it('shows every open job to a provider with no availability', async () => {
    const date = addDays(chicagoDate(new Date()), 8);
    const late = await openJob(date, '16:00', 1);
    await db.knex('availabilitySlots').where({ providerId: demoAccounts.provider.id }).delete();
    const maria = await signedIn(demoAccounts.provider.email);
    const board = (await maria('GET', '/api/provider/job-board')).json as { id: string }[];
    expect(board.map((j) => j.id)).toContain(late);
  });
});

describe('accepting a job', () => {
  it("lets exactly one of two providers' 20 concurrent accepts win; the loser's all get 409", async () => {
    const job = await openJob(addDays(chicagoDate(new Date()), 5), '10:00');
    const providers = [
      await signedIn(demoAccounts.provider.email),
      await signedIn(demoAccounts.provider2.email),
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (providers[i % 2] as (typeof providers)[0])(
          'POST',
          `/api/provider/job-board/${job}/accept`,
        ),
      ),
    );
    // The winner's own accepts all answer 200 (the job is theirs), the other's all 409.
    const winner = answers.findIndex((a) => a.status === 200) % 2;
    expect(answers.map((a, i) => (i % 2 === winner ? a.status : 200))).toEqual(
      answers.map(() => 200),
    );
    expect(answers.map((a, i) => (i % 2 === winner ? 409 : a.status))).toEqual(
      answers.map(() => 409),
    );
    expect(answers.find((a) => a.status === 409)?.json).toMatchObject({
      message: 'This job may no longer be available.',
    });
    const stored = await db.knex('bookings').where({ id: job }).first();
    expect(stored.providerId).toBe([demoAccounts.provider.id, demoAccounts.provider2.id][winner]);
    expect(stored.assignedAt).toBeInstanceOf(Date);
    const [first] = providers;
    const board = (await (first as NonNullable<typeof first>)('GET', '/api/provider/job-board'))
      .json as {
      id: string;
    }[];
    expect(board.map((j) => j.id)).not.toContain(job);
  });

  it('refuses canceled and past jobs with 409 and unknown ones with 404', async () => {
    const maria = await signedIn(demoAccounts.provider.email);
    const canceled = await openJob(addDays(chicagoDate(new Date()), 4), '10:00');
    await db
      .knex('bookings')
      .where({ id: canceled })
      .update({ canceledAt: new Date(), cancellationReason: 'Moved away' });
    expect((await maria('POST', `/api/provider/job-board/${canceled}/accept`)).status).toBe(409);
    const past = await openJob(addDays(chicagoDate(new Date()), -2), '10:00');
    expect((await maria('POST', `/api/provider/job-board/${past}/accept`)).status).toBe(409);
    expect(
      (await maria('POST', '/api/provider/job-board/6f1c2b9e-8a4d-4c3b-9f00-1234567890ab/accept'))
        .status,
    ).toBe(404);
    expect((await maria('POST', '/api/provider/job-board/not-a-uuid/accept')).status).toBe(400);
  });
});

describe("the provider's jobs, payouts and stats", () => {
  it("lists only the provider's jobs with client details and provider pay; another's job is 404", async () => {
    const maria = await signedIn(demoAccounts.provider.email);
    const jobs = (await maria('GET', '/api/provider/jobs')).json as {
      id: string;
      hourlyRate: string;
      clientEmail: string;
      status: string;
    }[];
    const mine = await db
      .knex('bookings')
      .where({ providerId: demoAccounts.provider.id })
      .pluck('id');
    expect(jobs.map((j) => j.id).sort()).toEqual([...mine].sort());
    expect(jobs.every((j) => j.hourlyRate === '25.00' && j.clientEmail.includes('@'))).toBe(true);
    const [aminas] = await db
      .knex('bookings')
      .where({ providerId: demoAccounts.provider2.id })
      .pluck('id');
    expect((await maria('GET', `/api/provider/jobs/${aminas}`)).status).toBe(404);
    const one = await maria('GET', `/api/provider/jobs/${mine[0]}`);
    expect(one).toMatchObject({ status: 200, json: { id: mine[0] } });
  });

  it('lists payouts with their booking, newest first, and sums the last 7 days', async () => {
    const maria = await signedIn(demoAccounts.provider.email);
    const payouts = (await maria('GET', '/api/provider/payouts')).json as {
      status: string;
      totalAmount: string;
      booking: { city: string };
    }[];
    const rows = await db.knex('payouts').where({ providerId: demoAccounts.provider.id });
    expect(payouts).toHaveLength(rows.length);
    expect(payouts.every((p) => ['Minneapolis', 'St Paul'].includes(p.booking.city))).toBe(true);
    // The week's payouts only: the demo's older, rated visits fall outside it.
    const weekAgo = Date.now() - 7 * 86_400_000;
    const cents = (status?: string) =>
      rows
        .filter((r) => r.createdAt.getTime() > weekAgo && (!status || r.status === status))
        .reduce((sum, r) => sum + r.totalAmountCents, 0);
    const stats = (await maria('GET', '/api/provider/stats')).json as Record<string, unknown>;
    expect(stats).toMatchObject({
      weeklyEarnings: (cents() / 100).toFixed(2),
      weeklyEarningsPaid: (cents('paid') / 100).toFixed(2),
      weeklyEarningsPending: (cents('pending') / 100).toFixed(2),
      // The demo's 11 ratings of Maria: ten 5s and a 4.
      rating: 4.9,
    });
    expect(stats.totalJobs).toBe(rows.length);
    // Amina's three (5, 4, 4) make 4.3; a provider never rated shows N/A (null).
    const amina = await signedIn(demoAccounts.provider2.email);
    expect(((await amina('GET', '/api/provider/stats')).json as { rating: unknown }).rating).toBe(
      4.3,
    );
    const fresh = await newUser(db.knex, 'provider');
    const newcomer = await signedIn(fresh.email);
    expect(
      ((await newcomer('GET', '/api/provider/stats')).json as { rating: unknown }).rating,
    ).toBeNull();
  });
});
