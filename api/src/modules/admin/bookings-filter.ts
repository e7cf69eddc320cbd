import type { AdminBookingListQuery } from '@twinclean/shared/admin-bookings';
import type { Knex } from 'knex';

/** What narrows the list; the CSV export takes the same. */
export type AdminBookingFilters = Omit<AdminBookingListQuery, 'page' | 'pageSize'>;

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
