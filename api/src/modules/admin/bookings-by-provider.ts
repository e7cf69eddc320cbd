import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';
import { type AdminBookingFilters, filtered } from './bookings-filter';
import { type AdminBookingRecord, withRowColumns } from './bookings-rows';
import { tallyByProvider } from './tallies';

/**
 * One page of the list sorted by provider (name, then provider id, then booking id), without
 * sorting every booking by a joined name: the matches are counted per provider (which gives the
 * total too; from the tallies unless searched or dated) and those few groups put in name order in one query, then only the one or two
 * providers the page falls in are read, each in id order along the provider index. Unassigned
 * bookings come last going up and first going down, as PostgreSQL places NULLs.
 */
export async function pageByProvider(
  db: Knex,
  filters: AdminBookingFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: AdminBookingRecord[]; total: number }> {
  const direction = filters.dir === 'asc' ? 'ASC' : 'DESC';
  const counted =
    tallyByProvider(db, filters) ??
    filtered(db, filters).select('b.providerId').count({ n: '*' }).groupBy('b.providerId');
  const groups: { providerId: string | null; n: number | string }[] = await db
    .from(counted.as('g'))
    .leftJoin('users as p', 'p.id', 'g.providerId')
    .select('g.providerId', 'g.n')
    .orderByRaw(`${fullNameSql('p')} ${direction}, g.provider_id ${direction}`);

  const start = (page - 1) * pageSize;
  const rows: AdminBookingRecord[] = [];
  let before = 0;
  for (const { providerId, n } of groups) {
    const size = Number(n);
    const from = Math.max(start - before, 0);
    const wanted = Math.min(start + pageSize - before, size) - from;
    before += size;
    if (wanted <= 0) {
      if (before >= start + pageSize) break;
      continue;
    }
    const group = filtered(db, filters).modify((q) =>
      providerId ? q.where('b.providerId', providerId) : q.whereNull('b.providerId'),
    );
    rows.push(
      ...(await withRowColumns(db, group).orderBy('b.id', filters.dir).limit(wanted).offset(from)),
    );
  }
  return { rows, total: groups.reduce((sum, group) => sum + Number(group.n), 0) };
}
