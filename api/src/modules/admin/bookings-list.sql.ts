import type { AdminBookingSort } from '@twinclean/shared/admin-bookings';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';
import type { AdminBookingFilters } from './bookings-filter';
import type { AdminBookingRecord } from './bookings-rows';
import { type DayOfOffset, dayOfOffset } from './day-tallies.sql';
import { tallyByProvider } from './tallies.sql';

// The admin bookings list's queries (a report on `bookings AS b`): the filters, the row the
// tables show, a page in any sort, the per-provider groups, and the export's cursor query.

/** Words of a search beyond this are ignored: each is one more index probe. */
const MAX_SEARCH_WORDS = 6;

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/** The filters, on `bookings AS b`. */
export function filtered(db: Knex, filters: AdminBookingFilters): Knex.QueryBuilder {
  const query = db('bookings as b');
  if (filters.service?.length === 1) query.where('b.serviceType', filters.service[0]);
  else if (filters.service?.length) query.whereIn('b.serviceType', filters.service);
  if (filters.status) query.where('b.derivedStatus', filters.status);
  if (filters.provider === 'assigned') query.whereNotNull('b.providerId');
  else if (filters.provider === 'unassigned') query.whereNull('b.providerId');
  else if (filters.provider) query.where('b.providerId', filters.provider);
  if (filters.from) query.where('b.scheduledDate', '>=', filters.from);
  if (filters.to) query.where('b.scheduledDate', '<=', filters.to);
  const words = (filters.q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  // search_text is lower-cased by PostgreSQL; lower() here uses the same rules.
  for (const word of words) query.whereRaw('b.search_text LIKE lower(?)', [likePattern(word)]);
  return query;
}

/**
 * How many bookings match, counted (the tallies answer the filters that are their keys); with
 * `limit`, no more than that many.
 */
export async function countMatching(
  db: Knex,
  filters: AdminBookingFilters,
  limit?: number,
): Promise<number> {
  const matches = filtered(db, filters);
  const row = await (limit === undefined
    ? matches.count({ n: '*' }).first()
    : db
        .from(matches.select(db.raw('1')).limit(limit).as('m'))
        .count({ n: '*' })
        .first());
  return Number(row?.n ?? 0);
}

/**
 * final-price/approvals.ts's priceToConfirm, from the booking's own columns: no join, so the
 * list's page of rows costs what it did.
 */
const PRICE_TO_CONFIRM_SQL = `(b.service_type IN ('carpet', 'dry_cleaning') AND NOT b.price_is_final
        AND b.provider_id IS NOT NULL AND b.canceled_at IS NULL)`;

/** The row the tables show (bookings-rows.ts's AdminBookingRecord), for `bookings AS b` in `query`. */
function withRowColumns(db: Knex, query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query
    .leftJoin('users as p', 'p.id', 'b.providerId')
    .leftJoin('houseCleaningDetails as h', 'h.bookingId', 'b.id')
    .select(
      db.raw(`b.id, b.service_type, b.client_first_name, b.client_last_name, b.address, b.city,
        b.state, b.scheduled_date, b.scheduled_time, b.total_hours, b.provider_id,
        b.derived_status, b.total_amount_cents, b.created_at,
        COALESCE(h.selected_rooms, '{}') AS selected_rooms, ${fullNameSql('p')} AS provider_name,
        ${PRICE_TO_CONFIRM_SQL} AS price_to_confirm`),
    );
}

/**
 * Each sort's columns, ahead of the id that breaks ties so pages never overlap or skip. Each
 * list is the tail of an index that leads with service_type (migration index-bookings-admin-lists),
 * so a page of one service is read in order from the index; provider sorts on the joined name.
 */
const SORT_KEYS: Record<AdminBookingSort, string[]> = {
  client: ['b.client_first_name', 'b.client_last_name'],
  address: ['b.address', 'b.city'],
  scheduledDate: ['b.scheduled_date', 'b.scheduled_time'],
  totalHours: ['b.total_hours'],
  // The provider's id keeps two providers of one name apart (bookings-by-provider.ts pages by it).
  provider: ['provider_name', 'b.provider_id'],
  status: ['b.derived_status', 'b.scheduled_date', 'b.scheduled_time'],
  totalAmount: ['b.total_amount_cents'],
  createdAt: ['b.created_at'],
};

/** The ORDER BY of a sort: its keys, then the id, all one way. */
function orderOf(filters: AdminBookingFilters): string {
  const direction = filters.dir === 'asc' ? 'ASC' : 'DESC';
  return [...SORT_KEYS[filters.sort], 'b.id'].map((key) => `${key} ${direction}`).join(', ');
}

/** Walking this many index entries costs about what summing a service's day tallies does. */
const DAY_JUMP_AFTER = 5_000;

/**
 * The ids of one page, found before any row is read: the sort's index alone answers which they
 * are (an index-only scan for the plain sorts), so page 2,000 costs a walk along an index rather
 * than 50,000 rows read, joined and thrown away. A page past the middle is walked to from the
 * far end, the order reversed: the walk is never longer than half the matches. Sorted by date
 * or status, a page farther in than DAY_JUMP_AFTER starts on its day (day-tallies.sql.ts).
 */
function pageIds(
  db: Knex,
  filters: AdminBookingFilters,
  page: number,
  pageSize: number,
  total: number,
) {
  const offset = (page - 1) * pageSize;
  const day =
    Math.min(offset, total - offset) > DAY_JUMP_AFTER
      ? dayOfOffset(db, filters, offset)
      : undefined;
  if (day) return pageIdsFromDay(db, filters, day, offset, pageSize);
  const fromEnd = offset > total / 2;
  const limit = fromEnd ? Math.max(Math.min(pageSize, total - offset), 0) : pageSize;
  const reversed: AdminBookingFilters = { ...filters, dir: filters.dir === 'asc' ? 'desc' : 'asc' };
  return filtered(db, filters)
    .select('b.id')
    .orderByRaw(orderOf(fromEnd ? reversed : filters))
    .limit(limit)
    .offset(fromEnd ? Math.max(total - offset - limit, 0) : offset);
}

/**
 * A page's ids read from the first of its day's (or status and day's) bookings: the index walks
 * at most that day's before the page, whichever page it is.
 */
function pageIdsFromDay(
  db: Knex,
  filters: AdminBookingFilters,
  day: DayOfOffset,
  offset: number,
  pageSize: number,
) {
  const columns = day.keys.map((key) => `b.${key}`).join(', ');
  const from = filters.dir === 'asc' ? '>=' : '<=';
  return filtered(db, filters)
    .with('day', day.query)
    .select('b.id')
    .whereRaw(`(${columns}) ${from} (SELECT ${day.keys.join(', ')} FROM day)`)
    .orderByRaw(orderOf(filters))
    .limit(pageSize)
    .offset(dayOffset(db, offset));
}

/**
 * The rows to skip within the day, read in the statement: knex takes a raw OFFSET (its query
 * builder passes one through) though its types only say number.
 */
const dayOffset = (db: Knex, offset: number) =>
  db.raw('(SELECT ?::bigint - before FROM day)', [offset]) as unknown as number;

/**
 * One page of the matching bookings in the sort's order (not the provider sort: see
 * providerGroups), `total` being how many match (Infinity when the count stopped short of all:
 * the page is then walked to from the start).
 */
export function pageRows(
  db: Knex,
  filters: AdminBookingFilters,
  page: number,
  pageSize: number,
  total: number,
): Promise<AdminBookingRecord[]> {
  return withRowColumns(
    db,
    db
      .from(pageIds(db, filters, page, pageSize, total).as('page'))
      .join('bookings as b', 'b.id', 'page.id'),
  ).orderByRaw(orderOf(filters));
}

/** Every matching booking in order, as SQL with its bindings (the export runs it in a cursor). */
export function adminBookingsSql(db: Knex, filters: AdminBookingFilters): Knex.Sql {
  return withRowColumns(db, filtered(db, filters)).orderByRaw(orderOf(filters)).toSQL();
}

/** One group of the provider sort: a provider (null: unassigned) and how many of theirs match. */
export type ProviderGroup = { providerId: string | null; n: number | string };

/**
 * How many match per provider, in the provider sort's order (name, then id; unassigned last
 * going up and first going down, as PostgreSQL places NULLs): counted from the tallies unless
 * searched or dated, in one query.
 */
export function providerGroups(db: Knex, filters: AdminBookingFilters): Promise<ProviderGroup[]> {
  const direction = filters.dir === 'asc' ? 'ASC' : 'DESC';
  const groups =
    tallyByProvider(db, filters) ??
    filtered(db, filters).select('b.providerId').count({ n: '*' }).groupBy('b.providerId');
  return db
    .from(groups.as('g'))
    .leftJoin('users as p', 'p.id', 'g.providerId')
    .select('g.providerId', 'g.n')
    .orderByRaw(`${fullNameSql('p')} ${direction}, g.provider_id ${direction}`);
}

/** `limit` of one provider's matching bookings (null: the unassigned) from `offset`, in id order. */
export function providerRows(
  db: Knex,
  filters: AdminBookingFilters,
  providerId: string | null,
  offset: number,
  limit: number,
): Promise<AdminBookingRecord[]> {
  const group = filtered(db, filters).modify((q) =>
    providerId ? q.where('b.providerId', providerId) : q.whereNull('b.providerId'),
  );
  return withRowColumns(db, group).orderBy('b.id', filters.dir).limit(limit).offset(offset);
}
