import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

/**
 * A person's name, e-mail and phone (as typed and as digits alone), lower-cased: the expression
 * of the trigram index users_people_search (migration index-admin-people). It must stay the same
 * text, or PostgreSQL no longer sees that the index answers it and reads every account instead.
 */
const PEOPLE_SEARCH_TEXT = `lower(${fullNameSql()} || ' ' || email || ' ' ||
    coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))`;

/** Words of a search beyond this are ignored: each is one more index probe. */
const MAX_SEARCH_WORDS = 6;

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Accounts of `role` (on `users AS u`) matching every word of `q` and in `state`. The search
 * expression names bare columns, so the query reads users under no other table alias.
 */
export function people(
  db: Knex,
  role: 'client' | 'provider',
  filters: { q?: string | undefined; state?: 'active' | 'deactivated' | undefined },
): Knex.QueryBuilder {
  const query = db('users as u').where('u.role', role);
  const words = (filters.q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  for (const word of words) {
    query.whereRaw(`${PEOPLE_SEARCH_TEXT} LIKE lower(?)`, [likePattern(word)]);
  }
  if (filters.state === 'active') query.whereNull('u.deactivatedAt');
  else if (filters.state === 'deactivated') query.whereNotNull('u.deactivatedAt');
  return query;
}

/** A sort's columns; `nullable` when some people have no value (no bookings, no rating yet). */
export type SortKeys = { keys: readonly string[]; nullable?: boolean };

/**
 * The ORDER BY of a sort: its keys, then the id that breaks ties so pages never overlap or skip.
 * People without a value come last either way; the other keys keep PostgreSQL's own null order,
 * so a backward scan of their index still serves a descending sort.
 */
export function orderOf({ keys, nullable }: SortKeys, dir: 'asc' | 'desc'): string {
  const direction = dir === 'asc' ? 'ASC' : 'DESC';
  const nulls = nullable ? ' NULLS LAST' : '';
  return [...keys.map((key) => `${key} ${direction}${nulls}`), `u.id ${direction}`].join(', ');
}
