import { AUCTION_PAGE_SIZE } from '@twinclean/shared/auction';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../test/auction-fixtures';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { postRow, postRowsPage } from './view.sql';

const db = useTestDatabase();
const NOW = Date.now();
const at = (hours: number) => new Date(NOW + hours * HOUR);

let admin: string;
let provider: string;
let claimed: string; // the newest post: claimed by the provider, whose job it now is
let withdrawn: string; // withdrawn by the admin
let plain: string; // posted by nobody known, still live, on a large home
let plainBooking: string;

async function job(overrides: Record<string, unknown> = {}): Promise<string> {
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(at(48), overrides))
    .returning('id');
  return row.id;
}

async function post(bookingId: string, postedAt: Date, fields: Record<string, unknown> = {}) {
  const [row] = await db
    .knex('auctionPosts')
    .insert({ bookingId, bonusCents: 2500, postedAt, vipUntil: at(2), ...fields })
    .returning('id');
  return row.id as string;
}

beforeAll(async () => {
  admin = (
    await newUser(db.knex, 'client', { role: 'admin_staff', firstName: 'Sam', lastName: 'Nguyen' })
  ).id;
  provider = (await newUser(db.knex, 'provider', { firstName: 'Maria', lastName: 'Lopez' })).id;
  plainBooking = await job({ city: 'St Paul' });
  await db.knex('houseCleaningDetails').insert({
    bookingId: plainBooking,
    homeSize: 'large',
    numberOfFloors: 1,
    bedroomCount: 4,
    fullBathroomCount: 2,
    halfBathroomCount: 0,
    hasKitchen: true,
    hasLivingRoom: true,
    selectedRooms: [],
    hasPets: false,
    petDetails: '',
  });
  // Inserted out of posting order, so the order comes from the query.
  plain = await post(plainBooking, at(-3), { bonusCents: 1000 });
  claimed = await post(await job({ providerId: provider, assignedAt: at(-1) }), at(-1), {
    postedBy: admin,
    claimedBy: provider,
    claimedAt: at(-0.5),
  });
  withdrawn = await post(await job(), at(-2), {
    postedBy: admin,
    withdrawnBy: admin,
    withdrawnAt: at(-1.5),
  });
});

describe('postRowsPage', () => {
  it('lists posts newest first, each with its job and the people around it', async () => {
    const rows = await postRowsPage(db.knex, 1);
    expect(rows.map((row) => row.id)).toEqual([claimed, withdrawn, plain]);
    const [first, second, third] = rows;
    expect(first).toMatchObject({
      poster: { id: admin, name: 'Sam Nguyen' },
      claimer: { id: provider, name: 'Maria Lopez' },
      withdrawer: null,
      providerName: 'Maria Lopez',
      claimedAt: at(-0.5),
      bonusCents: 2500,
    });
    expect(second).toMatchObject({
      poster: { id: admin, name: 'Sam Nguyen' },
      claimer: null,
      withdrawer: { id: admin, name: 'Sam Nguyen' },
      withdrawnAt: at(-1.5),
      providerName: null,
    });
    expect(third).toEqual({
      id: plain,
      bookingId: plainBooking,
      bonusCents: 1000,
      vipUntil: at(2),
      postedAt: at(-3),
      withdrawnAt: null,
      claimedAt: null,
      restAlertedAt: null,
      scheduledAt: at(48),
      canceledAt: null,
      serviceType: 'house',
      homeSize: 'large',
      scheduledDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      scheduledTime: expect.stringMatching(/^\d{2}:\d{2}$/),
      city: 'St Paul',
      poster: null,
      claimer: null,
      withdrawer: null,
      providerName: null,
    });
  });

  it('pages by AUCTION_PAGE_SIZE, ties broken by id', async () => {
    const same = at(-5);
    const more: string[] = [];
    for (let i = 0; i < AUCTION_PAGE_SIZE; i += 1) more.push(await post(await job(), same));
    const first = await postRowsPage(db.knex, 1);
    const second = await postRowsPage(db.knex, 2);
    expect(first).toHaveLength(AUCTION_PAGE_SIZE);
    const tied = [...more].sort().reverse();
    expect(first.map((row) => row.id)).toEqual([
      claimed,
      withdrawn,
      plain,
      ...tied.slice(0, AUCTION_PAGE_SIZE - 3),
    ]);
    expect(second.map((row) => row.id)).toEqual(tied.slice(AUCTION_PAGE_SIZE - 3));
  });
});

describe('postRow', () => {
  it('answers one post as the list shows it, or nothing', async () => {
    expect(await postRow(db.knex, withdrawn)).toEqual(
      (await postRowsPage(db.knex, 1)).find((row) => row.id === withdrawn),
    );
    expect(await postRow(db.knex, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
