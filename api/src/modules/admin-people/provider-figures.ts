import { type AdminProviderRow, isVip } from '@twinclean/shared/admin-people';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { ratingLateral, toRatingSummary } from '../ratings/summary';
import { nextAvailableAt, type WeeklySlot, weeklyHours } from './availability';
import { joinLateral, type Lateral } from './paging';

// A provider's figures, each a LATERAL subquery on an index of their own rows (migration
// index-admin-people), shared by the list and the details page so the two always agree.

const DAY_MS = 86_400_000;

export const PROFILE: Lateral = { sql: 'LEFT JOIN provider_profiles pp ON pp.user_id = u.id' };
/** Their rating and how many ratings it is over (ratings/summary.ts), as `r`. */
export const RATING: Lateral = { sql: ratingLateral('u.id') };
export const JOBS_DONE: Lateral = {
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
export const SLOTS: Lateral = {
  sql: `LEFT JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object('dayOfWeek', day_of_week, 'startTime', start_time,
      'endTime', end_time) ORDER BY day_of_week, start_time), '[]') AS slots
    FROM availability_slots WHERE provider_id = u.id AND is_active) a ON true`,
};

/** The last 7 days' figures (`w`) and the last 30's (`m`), as of `now`. */
export const week = (now: Date): Lateral => ({
  sql: work('w'),
  bindings: [new Date(now.getTime() - 7 * DAY_MS)],
});
export const month = (now: Date): Lateral => ({
  sql: work('m'),
  bindings: [new Date(now.getTime() - 30 * DAY_MS)],
});

/** Every figure of the providers `query` reads (on `users AS u`). */
export function withFigures(db: Knex, query: Knex.QueryBuilder, now: Date): Knex.QueryBuilder {
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

const hours = (value: number) => Math.round(value * 100) / 100;

export function toProviderRow(row: ProviderRecord, now: Date): AdminProviderRow {
  const { rating, ratedJobs } = toRatingSummary(row);
  const vipMarked = row.vipMarkedAt !== null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    rating,
    ratedJobs,
    vip: isVip({ vipMarked, rating, ratedJobs }),
    vipMarked,
    jobsDone: row.jobsDone,
    week: { hours: hours(row.weekHours), earnings: centsToDollars(row.weekEarnings) },
    month: { hours: hours(row.monthHours), earnings: centsToDollars(row.monthEarnings) },
    availability: {
      days: [...new Set(row.slots.map((s) => s.dayOfWeek))],
      weeklyHours: hours(weeklyHours(row.slots)),
      nextAvailableAt: nextAvailableAt(row.slots, now)?.toISOString() ?? null,
    },
  };
}
