import type { Knex } from 'knex';
import { orderOf, type SortKeys } from './search.sql';

/** A join on `users AS u` (a LATERAL subquery of one person's figures) and its bindings. */
export type Lateral = { sql: string; bindings?: readonly Knex.Value[] };

export const joinLateral = (query: Knex.QueryBuilder, { sql, bindings = [] }: Lateral) =>
  query.joinRaw(sql, [...bindings]);

/** A sort's keys and the joins they are read from. */
export type PeopleSort = SortKeys & { laterals?: readonly Lateral[] };

/**
 * One page of people in two steps: the page's ids, found by joining only the figure the sort
 * needs (none for a sort by name, which walks the users_people_by_name index), then everything
 * else for just those ids. Each figure is a LATERAL subquery on an index of one person's rows,
 * so a page costs a probe per person per figure, never a pass over every booking.
 */
export async function pageOfPeople<Row extends { id: string }>(options: {
  matching: () => Knex.QueryBuilder;
  sort: PeopleSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  rows: (ids: string[]) => Promise<Row[]>;
}): Promise<{ rows: Row[]; total: number }> {
  const { sort, dir, page, pageSize } = options;
  const ids = options.matching().select('u.id');
  for (const lateral of sort.laterals ?? []) joinLateral(ids, lateral);
  const [found, counted] = await Promise.all([
    ids
      .orderByRaw(orderOf(sort, dir))
      .limit(pageSize)
      .offset((page - 1) * pageSize) as Promise<{ id: string }[]>,
    options.matching().count({ n: '*' }).first(),
  ]);
  const order = found.map((row) => row.id);
  const byId = new Map((await options.rows(order)).map((row) => [row.id, row]));
  return {
    rows: order.flatMap((id) => byId.get(id) ?? []),
    total: Number(counted?.n ?? 0),
  };
}
