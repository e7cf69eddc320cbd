import type {
  AdminProviderListQuery,
  AdminProviderPage,
  AdminProviderSort,
} from '@twinclean/shared/admin-people';
import type { Knex } from 'knex';
import { type PeopleSort, pageOfPeople } from './paging';
import {
  JOBS_DONE,
  month,
  type ProviderRecord,
  RATING,
  toProviderRow,
  week,
  withFigures,
} from './provider-figures';
import { people } from './search';

const SORTS = (now: Date): Record<AdminProviderSort, PeopleSort> => ({
  name: { keys: ['u.last_name', 'u.first_name'] },
  createdAt: { keys: ['u.created_at'] },
  rating: { keys: ['r.rating'], nullable: true, laterals: [RATING] },
  jobsDone: { keys: ['j.jobs_done'], laterals: [JOBS_DONE] },
  weekHours: { keys: ['w.hours'], laterals: [week(now)] },
  weekEarnings: { keys: ['w.earnings'], laterals: [week(now)] },
  monthHours: { keys: ['m.hours'], laterals: [month(now)] },
  monthEarnings: { keys: ['m.earnings'], laterals: [month(now)] },
});

/** GET /api/admin/providers: one page of the matching provider accounts and how many match. */
export async function listProviders(
  db: Knex,
  query: AdminProviderListQuery,
  now = new Date(),
): Promise<AdminProviderPage> {
  const { page, pageSize, sort, dir, ...filters } = query;
  const { rows, total } = await pageOfPeople({
    matching: () => people(db, 'provider', filters),
    sort: SORTS(now)[sort],
    dir,
    page,
    pageSize,
    rows: (ids) =>
      withFigures(db, db('users as u').whereIn('u.id', ids), now) as Promise<ProviderRecord[]>,
  });
  return { items: rows.map((row) => toProviderRow(row, now)), page, pageSize, total };
}
