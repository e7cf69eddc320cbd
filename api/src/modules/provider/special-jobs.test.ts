import { randomUUID } from 'node:crypto';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow, PNG } from '../../test/fixtures';
import { HOUR, JOB_POINT, NEAR, providerClient } from '../../test/punch-fixtures';
import { signedInJson } from '../../test/sign-in';
import { insertSpecialJob, LAUNDRY, RUG_INSTRUCTIONS } from '../../test/special-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// Carpet, laundry and dry-cleaning jobs on the provider's side: the board and the job pages
// show them like house jobs, with what to do, their length and the provider's share as pay;
// accepting, punches and photos work on them as on any job.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const signedIn = (email: string) => signedInJson<Record<string, unknown>>(api.url, email);

const day = (n: number, time = '10:00') =>
  chicagoInstant(addDays(chicagoDate(new Date()), n), time);

/** What each service's card says beyond the address and time (the fixtures' jobs). */
const EXPECTED = {
  house: {
    serviceType: 'house',
    totalAmount: '75.00',
    totalHours: 3,
    hourlyRate: '25.00',
    details: null,
    priceIsFinal: true,
  },
  carpet: {
    serviceType: 'carpet',
    totalAmount: '195.00', // 60 % of $325.00
    totalHours: 2.17, // 2 h 10 min
    hourlyRate: '25.00',
    details: { kind: 'carpet', bedrooms: 3, livingRooms: 1, stairs: 1 },
    priceIsFinal: false,
  },
  laundry: {
    serviceType: 'laundry',
    totalAmount: '75.00', // 60 % of $125.00
    totalHours: 1,
    hourlyRate: '25.00',
    greenCleaning: true,
    details: {
      kind: 'laundry',
      numberOfLoads: 3,
      dropoff: { sameAsPickup: false, ...LAUNDRY.dropoff },
    },
    priceIsFinal: true,
  },
  dry_cleaning: {
    serviceType: 'dry_cleaning',
    totalAmount: '114.00', // 60 % of $190.00
    totalHours: 1,
    hourlyRate: '25.00',
    clientNotes: RUG_INSTRUCTIONS,
    details: {
      kind: 'dry_cleaning',
      // In the booking form's order, named.
      items: [
        { id: 'suit_2piece', name: '2-Piece Suit', quantity: 2 },
        { id: 'rug_persian', name: 'Persian/Oriental Rug', quantity: 1 },
      ],
      dropoff: {
        sameAsPickup: true,
        address: '3348 Hennepin Ave',
        city: 'Minneapolis',
        state: 'MN',
        zipCode: '55408',
      },
    },
    priceIsFinal: false,
  },
} as const;

type Kind = keyof typeof EXPECTED;

async function insertJob(kind: Kind, start: Date, providerId?: string): Promise<string> {
  if (kind !== 'house') return insertSpecialJob(db.knex, kind, { start, providerId });
  const assigned = providerId ? { providerId, assignedAt: new Date() } : {};
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(start, assigned, 3))
    .returning('id');
  return row.id;
}

beforeAll(async () => {
  await seedDemoData(db.knex);
});

describe('special-service jobs on the board', () => {
  it("show each service's type, what to do, length and the provider's pay", async () => {
    const ids = {} as Record<Kind, string>;
    for (const kind of Object.keys(EXPECTED) as Kind[]) ids[kind] = await insertJob(kind, day(9));
    // A provider with no slots sees every open job.
    await db.knex('availabilitySlots').where({ providerId: demoAccounts.provider.id }).delete();
    const maria = await signedIn(demoAccounts.provider.email);
    const board = (await maria('GET', '/api/provider/job-board')).json as unknown as {
      id: string;
    }[];
    for (const kind of Object.keys(EXPECTED) as Kind[]) {
      expect(
        board.find((job) => job.id === ids[kind]),
        kind,
      ).toMatchObject(EXPECTED[kind]);
    }
    // The client's price never shows on a card.
    expect(JSON.stringify(board)).not.toContain('325.00');
  });

  it('fit a special job into availability by its length', async () => {
    const date = addDays(chicagoDate(new Date()), 10);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    // Carpet 2 h 10 min: 10:00 ends 12:10, past an 08:00–12:00 slot; 09:00 ends 11:10, inside.
    const late = await insertSpecialJob(db.knex, 'carpet', {
      start: chicagoInstant(date, '10:00'),
    });
    const early = await insertSpecialJob(db.knex, 'carpet', {
      start: chicagoInstant(date, '09:00'),
    });
    await db.knex('availabilitySlots').where({ providerId: demoAccounts.provider2.id }).delete();
    await db.knex('availabilitySlots').insert({
      providerId: demoAccounts.provider2.id,
      dayOfWeek: weekday,
      startTime: '08:00',
      endTime: '12:00',
    });
    const amina = await signedIn(demoAccounts.provider2.email);
    const ids = (
      (await amina('GET', '/api/provider/job-board')).json as unknown as { id: string }[]
    ).map((job) => job.id);
    expect(ids).toContain(early);
    expect(ids).not.toContain(late);
  });

  it('are accepted like house jobs, the answer being the card', async () => {
    const job = await insertSpecialJob(db.knex, 'dry_cleaning', { start: day(6) });
    const maria = await signedIn(demoAccounts.provider.email);
    const accepted = await maria('POST', `/api/provider/job-board/${job}/accept`);
    expect(accepted).toMatchObject({ status: 200, json: { id: job, ...EXPECTED.dry_cleaning } });
    // Sent again (its answer lost on the way): hers already, the same card again.
    const again = await maria('POST', `/api/provider/job-board/${job}/accept`);
    expect(again).toMatchObject({ status: 200, json: accepted.json });
    const amina = await signedIn(demoAccounts.provider2.email);
    expect((await amina('POST', `/api/provider/job-board/${job}/accept`)).status).toBe(409);
  });
});

describe("special-service jobs among the provider's own", () => {
  it('show the job details, the pay share and length; carpet and rugs their price', async () => {
    const ids = {} as Record<Kind, string>;
    for (const kind of Object.keys(EXPECTED) as Kind[]) {
      ids[kind] = await insertJob(kind, day(11), demoAccounts.provider.id);
    }
    const maria = await signedIn(demoAccounts.provider.email);
    const list = (await maria('GET', '/api/provider/jobs')).json as unknown as { id: string }[];
    const prices = {
      house: { estimatedAmount: null, clientAmount: null },
      carpet: { estimatedAmount: '325.00', clientAmount: '325.00' },
      laundry: { estimatedAmount: null, clientAmount: null },
      dry_cleaning: { estimatedAmount: '190.00', clientAmount: '190.00' },
    };
    for (const kind of Object.keys(EXPECTED) as Kind[]) {
      const expected = { id: ids[kind], status: 'assigned', ...EXPECTED[kind], ...prices[kind] };
      expect(
        list.find((job) => job.id === ids[kind]),
        kind,
      ).toMatchObject(expected);
      expect(await maria('GET', `/api/provider/jobs/${ids[kind]}`), kind).toMatchObject({
        status: 200,
        json: expected,
      });
    }
    const amina = await signedIn(demoAccounts.provider2.email);
    expect((await amina('GET', `/api/provider/jobs/${ids.carpet}`)).status).toBe(404);
  });

  it('take punches and photos like any job; clock-out completes it', async () => {
    const job = await insertSpecialJob(db.knex, 'carpet', {
      start: new Date(Date.now() - HOUR),
      providerId: demoAccounts.provider.id,
      overrides: { ...JOB_POINT, geocodePrecision: 'zip' },
    });
    const post = await providerClient(api.url, demoAccounts.provider.email);
    const clockIn = await post(`/api/provider/clock-in/${job}`, NEAR, randomUUID());
    expect(clockIn).toMatchObject({ status: 200, json: { ok: true, geofenceVerified: true } });
    const photo = await post(`/api/provider/bookings/${job}/photos`, {
      photoType: 'before',
      photos: [`data:image/png;base64,${PNG.toString('base64')}`],
      photoIds: [randomUUID()],
    });
    expect(photo.status).toBe(201);
    const clockOut = await post(`/api/provider/clock-out/${job}`, NEAR, randomUUID());
    expect(clockOut).toMatchObject({ status: 200, json: { ok: true } });
    const maria = await signedIn(demoAccounts.provider.email);
    expect((await maria('GET', `/api/provider/jobs/${job}`)).json).toMatchObject({
      status: 'completed',
      beforePhotos: [expect.stringMatching(/^\/api\/photos\//)],
    });
  });
});
