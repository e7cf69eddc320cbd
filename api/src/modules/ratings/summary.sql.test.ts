import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { RATING_WINDOW, ratingLateral, ratingRows } from './summary.sql';

const db = useTestDatabase();
const HOUR = 3_600_000;

/** A provider rated `stars`, oldest first an hour apart, inserted newest first. */
async function ratedProvider(stars: number[]): Promise<string> {
  const { id } = await newUser(db.knex, 'provider');
  if (stars.length === 0) return id;
  const start = Date.now() - (stars.length + 2) * HOUR;
  const at = (i: number) => new Date(start + i * HOUR);
  const jobs = await db
    .knex('bookings')
    .insert(
      stars.map((_, i) =>
        bookingRow(at(i), {
          providerId: id,
          assignedAt: at(i),
          clockInAt: at(i),
          clockOutAt: at(i),
        }),
      ),
    )
    .returning('id');
  const rows = stars.map((s, i) => ({
    bookingId: jobs[i].id,
    providerId: id,
    stars: s,
    createdAt: at(i),
  }));
  await db.knex('ratings').insert(rows.reverse());
  return id;
}

let windowed: string; // 5 old 1-star ratings, then RATING_WINDOW 5-star ones
let few: string; // 5, 5, 4
let none: string;

beforeAll(async () => {
  windowed = await ratedProvider([...Array(5).fill(1), ...Array(RATING_WINDOW).fill(5)]);
  few = await ratedProvider([5, 5, 4]);
  none = await ratedProvider([]);
});

describe('ratingRows', () => {
  it('averages the newest RATING_WINDOW ratings to one decimal and counts them all', async () => {
    const rows = await ratingRows(db.knex, [windowed, few, none]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(rows).toHaveLength(3);
    expect(Number(byId.get(windowed)?.rating)).toBe(5);
    expect(byId.get(windowed)?.ratedJobs).toBe(RATING_WINDOW + 5);
    expect(Number(byId.get(few)?.rating)).toBe(4.7);
    expect(byId.get(few)?.ratedJobs).toBe(3);
    expect(byId.get(none)).toEqual({ id: none, rating: null, ratedJobs: 0 });
  });

  it('answers only the ids asked about', async () => {
    expect(await ratingRows(db.knex, [few])).toEqual([
      { id: few, rating: expect.anything(), ratedJobs: 3 },
    ]);
    expect(await ratingRows(db.knex, [])).toEqual([]);
  });
});

describe('ratingLateral', () => {
  it('joins the rating under the alias given, for the provider of each row', async () => {
    const { rows } = await db.knex.raw(
      `SELECT u.id, mine.rating, mine.rated_jobs FROM users u ${ratingLateral('u.id', 'mine')}
       WHERE u.id = ANY(?::uuid[]) ORDER BY mine.rated_jobs`,
      [[few, windowed]],
    );
    expect(
      rows.map((r: { id: string; rating: string; rated_jobs: number }) => [
        r.id,
        Number(r.rating),
        r.rated_jobs,
      ]),
    ).toEqual([
      [few, 4.7, 3],
      [windowed, 5, RATING_WINDOW + 5],
    ]);
  });
});
