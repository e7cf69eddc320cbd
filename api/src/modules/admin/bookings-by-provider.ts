import type { Knex } from 'knex';
import type { AdminBookingFilters } from './bookings-filter';
import { type ProviderGroup, providerGroups, providerRows } from './bookings-list.sql';
import type { AdminBookingRecord } from './bookings-rows';

/** Which part of which groups a page takes: `limit` of the group's rows from `offset`. */
export type GroupSlice = { providerId: string | null; offset: number; limit: number };

/** The slices of `groups` (in page order) that rows `start` to `start + pageSize` fall in. */
export function pageSlices(groups: ProviderGroup[], start: number, pageSize: number): GroupSlice[] {
  const slices: GroupSlice[] = [];
  let before = 0;
  for (const { providerId, n } of groups) {
    const size = Number(n);
    const offset = Math.max(start - before, 0);
    const limit = Math.min(start + pageSize - before, size) - offset;
    before += size;
    if (limit > 0) slices.push({ providerId, offset, limit });
    if (before >= start + pageSize) break;
  }
  return slices;
}

/**
 * One page of the list sorted by provider (name, then provider id, then booking id), without
 * sorting every booking by a joined name: the matches are counted per provider (which gives the
 * total too; from the tallies unless searched or dated) and those few groups put in name order in
 * one query, then only the one or two providers the page falls in are read, each in id order
 * along the provider index. Unassigned bookings come last going up and first going down, as
 * PostgreSQL places NULLs.
 */
export async function pageByProvider(
  db: Knex,
  filters: AdminBookingFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: AdminBookingRecord[]; total: number }> {
  const groups = await providerGroups(db, filters);
  const rows: AdminBookingRecord[] = [];
  for (const slice of pageSlices(groups, (page - 1) * pageSize, pageSize)) {
    rows.push(...(await providerRows(db, filters, slice.providerId, slice.offset, slice.limit)));
  }
  return { rows, total: groups.reduce((sum, group) => sum + Number(group.n), 0) };
}
