import type { AdminProviderListQuery, AdminProviderSort } from '@twinclean/shared/admin-people';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';
import { ratingLateral } from '../ratings/summary.sql';
import type { WeeklySlot } from './availability';
import { joinLateral, type Lateral, type PeopleSort, pageOfPeople } from './paging.sql';
import { people } from './search.sql';

// A provider's figures, each a LATERAL subquery on an index of their own rows (migration
// index-admin-people), shared by the list and the details page so the two always agree.

const DAY_MS = 86_400_000;

const PROFILE: Lateral = { sql: 'LEFT JOIN provider_profiles pp ON pp.user_id = u.id' };
/** Their rating and how many ratings it is over (ratings/summary.ts), as `r`. */
const RATING: Lateral = { sql: ratingLateral('u.id') };
const JOBS_DONE: Lateral = {
  sql: `LEFT JOIN LATERAL (
    SELECT count(*)::int AS jobs_done FROM bookings
    WHERE provider_id = u.id AND clock_out_at IS NOT NULL) j ON true`,
};
/**
 * Paid hours and earnings of the payouts earned since then, as the provider's own dashboard
 * counts them (provider/jobs.ts providerStats).
 */
const work = (alias: string) => `LEFT JOIN LATERAL (
    SELECT coalesce(sum(total_amount_cents), 0)::bigint AS earnings,
      coalesce(sum(hours_paid), 0)::float AS hours
    FROM payouts WHERE provider_id = u.id AND created_at > ?) ${alias} ON true`;
const SLOTS: Lateral = {
  sql: `LEFT JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object('dayOfWeek', day_of_week, 'startTime', start_time,
      'endTime', end_time) ORDER BY day_of_week, start_time), '[]') AS slots
    FROM availability_slots WHERE provider_id = u.id AND is_active) a ON true`,
};

/** The last 7 days' figures (`w`) and the last 30's (`m`), as of `now`. */
const week = (now: Date): Lateral => ({
  sql: work('w'),
  bindings: [new Date(now.getTime() - 7 * DAY_MS)],
});
const month = (now: Date): Lateral => ({
  sql: work('m'),
  bindings: [new Date(now.getTime() - 30 * DAY_MS)],
});

/** Every figure of the providers `query` reads (on `users AS u`). */
function withFigures(db: Knex, query: Knex.QueryBuilder, now: Date): Knex.QueryBuilder {
  for (const lateral of [PROFILE, RATING, JOBS_DONE, week(now), month(now), SLOTS]) {
    joinLateral(query, lateral);
  }
  return query.select(
    'u.id',
    'u.firstName',
    'u.lastName',
    'u.email',
    'u.phone',
    'u.deactivatedAt',
    'u.createdAt',
    'u.vipMarkedAt',
    'r.rating',
    'r.ratedJobs',
    'j.jobsDone',
    db.raw('w.hours AS week_hours, w.earnings AS week_earnings'),
    db.raw('m.hours AS month_hours, m.earnings AS month_earnings'),
    'a.slots',
  );
}

export type ProviderRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  deactivatedAt: Date | null;
  createdAt: Date;
  vipMarkedAt: Date | null;
  rating: number | string | null;
  ratedJobs: number;
  jobsDone: number;
  weekHours: number;
  weekEarnings: number;
  monthHours: number;
  monthEarnings: number;
  slots: WeeklySlot[];
};

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

/** One page of the matching provider accounts with their figures as of `now`, and how many. */
export function providerPage(
  db: Knex,
  query: AdminProviderListQuery,
  now: Date,
): Promise<{ rows: ProviderRecord[]; total: number }> {
  const { page, pageSize, sort, dir, ...filters } = query;
  return pageOfPeople({
    matching: () => people(db, 'provider', filters),
    sort: SORTS(now)[sort],
    dir,
    page,
    pageSize,
    rows: (ids) =>
      withFigures(db, db('users as u').whereIn('u.id', ids), now) as Promise<ProviderRecord[]>,
  });
}

/** One provider's figures, profile and who marked them VIP; undefined when there is none. */
export function providerFigures(
  db: Knex,
  id: string,
  now: Date,
): Promise<
  | (ProviderRecord & {
      bio: string | null;
      homeZipCode: string | null;
      vipMarkedByName: string | null;
    })
  | undefined
> {
  return withFigures(db, db('users as u').where({ 'u.id': id, 'u.role': 'provider' }), now)
    .leftJoin('users as marker', 'marker.id', 'u.vipMarkedBy')
    .select('pp.bio', 'pp.homeZipCode', db.raw(`${fullNameSql('marker')} AS vip_marked_by_name`))
    .first();
}

/** Assigned, not canceled, not started, still ahead (index bookings_upcoming_by_provider). */
export function upcomingJobs(
  db: Knex,
  providerId: string,
  now: Date,
  limit: number,
): Promise<
  {
    id: string;
    serviceType: string;
    derivedStatus: string;
    scheduledDate: string;
    scheduledTime: string;
    address: string;
    city: string;
  }[]
> {
  return db('bookings')
    .where({ providerId })
    .whereNull('canceledAt')
    .whereNull('clockInAt')
    .where('scheduledAt', '>', now)
    .select(
      'id',
      'serviceType',
      'derivedStatus',
      'scheduledDate',
      'scheduledTime',
      'address',
      'city',
    )
    .orderBy(['scheduledAt', 'id'])
    .limit(limit);
}
