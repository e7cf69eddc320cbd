import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { adminRatingRow, providerRatingRows } from './admin.sql';

const db = useTestDatabase();
const HOUR = 3_600_000;
const NOW = Date.now();
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * HOUR);

let provider: string;
let hider: string;
const ids: Record<string, string> = {};

async function rating(
  providerId: string,
  client: [string, string],
  createdAt: Date,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const done = at(48);
  const [job] = await db
    .knex('bookings')
    .insert(
      bookingRow(done, {
        providerId,
        assignedAt: done,
        clockInAt: done,
        clockOutAt: done,
        clientFirstName: client[0],
        clientLastName: client[1],
      }),
    )
    .returning('id');
  const [row] = await db
    .knex('ratings')
    .insert({ bookingId: job.id, providerId, stars: 4, comment: 'Fine', createdAt, ...fields })
    .returning('id');
  return row.id;
}

beforeAll(async () => {
  provider = (await newUser(db.knex, 'provider')).id;
  const other = (await newUser(db.knex, 'provider')).id;
  hider = (
    await newUser(db.knex, 'client', { role: 'admin_staff', firstName: 'Sam', lastName: 'Nguyen' })
  ).id;
  // Inserted out of order, so the order is the query's.
  ids.oldest = await rating(provider, ['Olga', 'Old'], at(30));
  ids.newest = await rating(provider, ['Nina', 'New'], at(1), {
    stars: 1,
    comment: 'Rude',
    commentHiddenAt: at(0.5),
    commentHiddenBy: hider,
  });
  ids.tiedA = await rating(provider, ['Tia', 'Tied'], at(10));
  ids.tiedB = await rating(provider, ['Tom', 'Tied'], at(10));
  ids.others = await rating(other, ['Otto', 'Other'], at(2));
});

describe('providerRatingRows', () => {
  it("pages the provider's ratings newest first, the id breaking ties", async () => {
    const tied = [ids.tiedA, ids.tiedB].sort().reverse();
    const page = async (n: number, size: number) =>
      (await providerRatingRows(db.knex, provider, n, size)).map((row) => row.id);
    expect(await page(1, 10)).toEqual([ids.newest, ...tied, ids.oldest]);
    expect(await page(1, 2)).toEqual([ids.newest, tied[0]]);
    expect(await page(2, 2)).toEqual([tied[1], ids.oldest]);
    expect(await page(3, 2)).toEqual([]);
  });

  it("names the booking's client and whoever hid the comment", async () => {
    const [newest] = await providerRatingRows(db.knex, provider, 1, 1);
    expect(newest).toEqual({
      id: ids.newest,
      bookingId: expect.any(String),
      stars: 1,
      comment: 'Rude',
      createdAt: at(1),
      clientName: 'Nina New',
      commentHiddenAt: at(0.5),
      commentHiddenByName: 'Sam Nguyen',
    });
  });
});

describe('adminRatingRow', () => {
  it('answers one rating as the list shows it, or nothing', async () => {
    expect(await adminRatingRow(db.knex, ids.others as string)).toMatchObject({
      id: ids.others,
      clientName: 'Otto Other',
      commentHiddenAt: null,
      commentHiddenByName: null,
    });
    const [oldest] = await providerRatingRows(db.knex, provider, 4, 1);
    expect(await adminRatingRow(db.knex, ids.oldest as string)).toEqual(oldest);
    expect(await adminRatingRow(db.knex, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
