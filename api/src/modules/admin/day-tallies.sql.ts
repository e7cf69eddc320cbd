import type { AdminBookingSort } from '@twinclean/shared/admin-bookings';
import type { Knex } from 'knex';
import type { AdminBookingFilters } from './bookings-filter';

// The day tallies (migration create-booking-day-tallies): logs of +n/-n per service, derived
// status and scheduled day, kept by triggers and folded with the other tallies (tallies.sql.ts).

/** The sorts that lead with the day tallies' keys, and those keys as the bookings name them. */
const DAY_SORT_KEYS: Partial<Record<AdminBookingSort, string[]>> = {
  scheduledDate: ['scheduled_date'],
  status: ['derived_status', 'scheduled_date'],
};

/** Where a page starts: the group of the sort holding its first row, as a query of one row. */
export type DayOfOffset = {
  /** The group's columns (a day, or a status and a day), named as on the bookings. */
  keys: string[];
  /** Selects those columns and `before`: how many matches come before the group. */
  query: Knex.QueryBuilder;
};

/** The day tally rows matching the filters, or undefined when one is not their key. */
function dayTallied(db: Knex, filters: AdminBookingFilters): Knex.QueryBuilder | undefined {
  if (filters.provider || filters.q?.trim()) return undefined;
  const query = db('booking_day_tallies as t');
  if (filters.service?.length) query.whereIn('t.serviceType', filters.service);
  if (filters.status) query.where('t.derivedStatus', filters.status);
  if (filters.from) query.where('t.scheduledDate', '>=', filters.from);
  if (filters.to) query.where('t.scheduledDate', '<=', filters.to);
  return query;
}

/**
 * How many bookings match, from the day tallies: what a date range needs (the other tallies
 * have no dates); undefined when a filter is not their key (a provider, a search).
 */
export async function dayTallyCount(
  db: Knex,
  filters: AdminBookingFilters,
): Promise<number | undefined> {
  const query = dayTallied(db, filters);
  if (!query) return undefined;
  const row = await query.sum({ n: 't.n' }).first();
  return Number(row?.n ?? 0);
}

/**
 * The group (a day, or a status and a day) of a list sorted by date or by status that holds the
 * match at `offset`: the first, in the sort's order, whose matches reach past it. A query for the
 * page's own statement, so both read one snapshot. Undefined when the sort leads with other
 * columns or a filter is not a key of the tallies (a provider, a search): those walk the index.
 */
export function dayOfOffset(
  db: Knex,
  filters: AdminBookingFilters,
  offset: number,
): DayOfOffset | undefined {
  const keys = DAY_SORT_KEYS[filters.sort];
  const days = keys && dayTallied(db, filters);
  if (!keys || !days) return undefined;
  days.select(keys).sum({ n: 't.n' }).groupBy(keys).havingRaw('sum(t.n) <> 0');
  const direction = filters.dir === 'asc' ? 'ASC' : 'DESC';
  const order = keys.map((key) => `${key} ${direction}`).join(', ');
  const running = db
    .from(days.as('d'))
    .select('*', db.raw(`(sum(n) OVER (ORDER BY ${order}) - n)::bigint AS before`));
  const query = db
    .from(running.as('r'))
    .select([...keys, 'before'])
    .whereRaw('before + n > ?', [offset])
    .orderBy('before')
    .limit(1);
  return { keys, query };
}
