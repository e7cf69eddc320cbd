import type { Knex } from 'knex';
import { countByProvider } from './bookings-count';
import { type AdminBookingFilters, filtered } from './bookings-filter';

/**
 * One page of the list sorted by provider (name, then provider id, then booking id), without
 * sorting every booking by a joined name: the matches are counted per provider (which gives the
 * total too), the few providers put in name order, and only the one or two
 * providers the page falls in are read, each in id order along the same index. Unassigned
 * bookings come last going up and first going down, as PostgreSQL places NULLs.
 */
export async function pageByProvider(
  db: Knex,
  filters: AdminBookingFilters,
  page: number,
  pageSize: number,
): Promise<{ ids: string[]; total: number }> {
  const counts = await countByProvider(db, filters);
  const direction = filters.dir === 'asc' ? 'ASC' : 'DESC';
  const named: { id: string }[] = await db('users')
    .whereIn(
      'id',
      counts.flatMap((group) => (group.providerId ? [group.providerId] : [])),
    )
    .select('id')
    .orderByRaw(`first_name || ' ' || last_name ${direction}, id ${direction}`);
  const sizes = new Map(counts.map((group) => [group.providerId, Number(group.n)]));
  const unassigned = sizes.has(null) ? [null] : [];
  const order = [
    ...(direction === 'DESC' ? unassigned : []),
    ...named.map((provider) => provider.id),
    ...(direction === 'ASC' ? unassigned : []),
  ];

  const start = (page - 1) * pageSize;
  const ids: string[] = [];
  let before = 0;
  for (const providerId of order) {
    const size = sizes.get(providerId) ?? 0;
    const from = Math.max(start - before, 0);
    const wanted = Math.min(start + pageSize - before, size) - from;
    before += size;
    if (wanted <= 0) {
      if (before >= start + pageSize) break;
      continue;
    }
    const slice = await filtered(db, filters)
      .modify((q) =>
        providerId ? q.where('b.providerId', providerId) : q.whereNull('b.providerId'),
      )
      .orderBy('b.id', filters.dir)
      .limit(wanted)
      .offset(from)
      .pluck('b.id');
    ids.push(...slice);
  }
  return { ids, total: [...sizes.values()].reduce((sum, n) => sum + n, 0) };
}
