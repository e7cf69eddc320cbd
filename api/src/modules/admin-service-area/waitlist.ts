import type { WaitlistQuery, WaitlistSummary } from '@twinclean/shared/service-area';
import { serviceTitle } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { type Cell, toCsv } from '../../core/csv';
import { WaitlistEntry } from '../../models/service-area';
import { placeOf } from '../service-area/served';
import { waitlistGroupRows } from './waitlist.sql';

/** How many of the newest entries the page lists under the groups (the CSV has them all). */
export const NEWEST_ENTRIES = 50;

const entries = (db: Knex, filters: WaitlistQuery) =>
  WaitlistEntry.query(db)
    .modify((q) => (filters.zip ? q.where('zip', filters.zip) : q))
    .modify((q) => (filters.serviceType ? q.where('serviceType', filters.serviceType) : q))
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'asc' },
    ]);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** GET /api/admin/waitlist: the ZIPs people wait in, newest first, and the newest entries. */
export async function waitlistSummary(db: Knex, filters: WaitlistQuery): Promise<WaitlistSummary> {
  const [groups, newest] = await Promise.all([
    waitlistGroupRows(db, filters),
    entries(db, filters).limit(NEWEST_ENTRIES),
  ]);
  return {
    groups: groups.map((g) => ({
      ...g,
      place: placeOf(g.zip),
      newestAt: g.newestAt.toISOString(),
      notifiedAt: iso(g.notifiedAt),
    })),
    entries: newest.map((e) => ({
      id: e.id,
      email: e.email,
      zip: e.zip,
      serviceType: e.serviceType,
      createdAt: e.createdAt.toISOString(),
      notifiedAt: iso(e.notifiedAt),
    })),
  };
}

export const WAITLIST_HEADER = ['Email', 'ZIP', 'Place', 'Service', 'Joined', 'Notified'] as const;

/** GET /api/admin/exports/waitlist.csv: every entry the filters match, one a row. */
export async function waitlistCsv(db: Knex, filters: WaitlistQuery) {
  const rows = (await entries(db, filters)).map((e): Cell[] => [
    e.email,
    e.zip,
    placeOf(e.zip),
    serviceTitle(e.serviceType),
    e.createdAt.toISOString(),
    iso(e.notifiedAt),
  ]);
  const name = ['waitlist', filters.zip, filters.serviceType?.replace('_', '-')]
    .filter(Boolean)
    .join('-');
  return { filename: `${name}.csv`, csv: toCsv(WAITLIST_HEADER, rows) };
}
