import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { HOUR } from '../../test/auction-fixtures';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { jobBoard } from './job-board';

const db = useTestDatabase();
const JOBS = 4000;

beforeAll(async () => {
  await seedDemoData(db.knex);
  // Open jobs hourly for 166 days, booked out of date order as clients book (the open-jobs index
  // does not follow the table): what makes a known clock look cheaper to plan for.
  const now = Date.now();
  const jobs = Array.from({ length: JOBS }, (_, i) =>
    bookingRow(new Date(now + (((i * 7) % JOBS) + 1) * HOUR)),
  );
  await db.knex.batchInsert('bookings', jobs, 1000);
  await db.knex.raw('ANALYZE');
});

describe('the job board statement', () => {
  it('is planned once per connection, not on every call, whoever asks', async () => {
    const anyTime = await newUser(db.knex, 'provider'); // no slots: every open job
    const providers = [demoAccounts.provider.id, anyTime.id];
    await db.knex.transaction(async (trx) => {
      const first = [await jobBoard(providers[0] as string, undefined, trx)];
      first.push(await jobBoard(providers[1] as string, undefined, trx));
      for (let call = 2; call < 10; call += 1) {
        expect(await jobBoard(providers[call % 2] as string, undefined, trx)).toEqual(
          first[call % 2],
        );
      }
      // PostgreSQL plans a prepared statement for its first five calls, then keeps its generic
      // plan only if that looks no dearer than theirs (re-planning cost as much as running it).
      const plans = await trx('pg_prepared_statements')
        .where({ name: 'job-board' })
        .first('genericPlans', 'customPlans');
      expect(plans).toEqual({ genericPlans: 5, customPlans: 5 });
    });
  });
});
