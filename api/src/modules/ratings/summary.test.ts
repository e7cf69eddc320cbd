import { adminProviderSchema } from '@twinclean/shared/admin-people';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { ratingSummaries, ratingSummary } from './summary';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const HOUR = 3_600_000;

let staff: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
});

/** A new provider and their rated visits: `stars` oldest first, an hour apart. */
async function ratedProvider(stars: number[], hidden = false) {
  const provider = await newUser(db.knex, 'provider');
  const start = Date.now() - (stars.length + 3) * HOUR;
  const bookings = await db
    .knex('bookings')
    .insert(
      stars.map((_, i) =>
        bookingRow(new Date(start + i * HOUR), {
          providerId: provider.id,
          assignedAt: new Date(start + i * HOUR),
          clockInAt: new Date(start + i * HOUR),
          clockOutAt: new Date(start + i * HOUR + HOUR / 2),
        }),
      ),
    )
    .returning('id');
  await db.knex('ratings').insert(
    stars.map((s, i) => ({
      bookingId: bookings[i].id,
      providerId: provider.id,
      stars: s,
      comment: 'Rude!',
      createdAt: new Date(start + i * HOUR + HOUR),
      ...(hidden ? { commentHiddenAt: new Date() } : {}),
    })),
  );
  return provider;
}

describe("a provider's rating", () => {
  it('is the average of their newest 50, while ratedJobs counts them all', async () => {
    const provider = await ratedProvider([...Array(5).fill(1), ...Array(50).fill(5)]);
    expect(await ratingSummary(db.knex, provider.id)).toEqual({ rating: 5, ratedJobs: 55 });
  });

  it('is rounded to one decimal, counts hidden comments, and is N/A (null) with none', async () => {
    const rounded = await ratedProvider([5, 5, 4]);
    const hidden = await ratedProvider([2, 3], true);
    const none = await newUser(db.knex, 'provider');
    const all = await ratingSummaries(db.knex, [rounded.id, hidden.id, none.id]);
    expect(all.get(rounded.id)).toEqual({ rating: 4.7, ratedJobs: 3 });
    expect(all.get(hidden.id)).toEqual({ rating: 2.5, ratedJobs: 2 });
    expect(all.get(none.id)).toEqual({ rating: null, ratedJobs: 0 });
    expect(await ratingSummaries(db.knex, [])).toEqual(new Map());
  });

  it("shows on the provider's dashboard and the admin pages, and makes a VIP at 4.8 over 10", async () => {
    const vip = await ratedProvider([4, ...Array(9).fill(5)]);
    const almost = await ratedProvider(Array(9).fill(5));
    const details = async (id: string) =>
      adminProviderSchema.parse((await staff('GET', `/api/admin/providers/${id}`)).json);
    expect(await details(vip.id)).toMatchObject({ rating: 4.9, ratedJobs: 10, vip: true });
    expect(await details(almost.id)).toMatchObject({ rating: 5, ratedJobs: 9, vip: false });
    const dashboard = await signedInJson(api.url, vip.email);
    expect((await dashboard('GET', '/api/provider/stats')).json).toMatchObject({ rating: 4.9 });
    // The list sorts by the same figure, unrated providers last.
    const list = await staff('GET', '/api/admin/providers?sort=rating&dir=desc&pageSize=100');
    const ratings = (list.json.items as { rating: number | null }[]).map((p) => p.rating);
    const rated = ratings.filter((r) => r !== null);
    expect(rated).toEqual([...rated].sort((a, b) => (b as number) - (a as number)));
    expect(ratings.slice(0, rated.length)).toEqual(rated);
  });
});
