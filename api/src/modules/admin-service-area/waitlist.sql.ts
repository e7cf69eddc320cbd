import type { WaitlistQuery } from '@twinclean/shared/service-area';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';

// The waitlist by ZIP for /admin/waitlist (issue 34), and the lock a save of the served list
// takes so that two saves at once each see the list the other left.

export type WaitlistGroupRow = {
  zip: string;
  served: boolean;
  total: number;
  waiting: number;
  byService: Record<ServiceType, number>;
  newestAt: Date;
  notifiedAt: Date | null;
};

const SERVICES: readonly ServiceType[] = ['house', 'carpet', 'laundry', 'dry_cleaning'];
/** n_dry_cleaning as the snake-case mappers hand it back: nDryCleaning. */
const countKey = (service: ServiceType) =>
  `n${service.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`;

/** Entries counted per ZIP (as filtered), the ZIP's served state beside them, newest first. */
export async function waitlistGroupRows(
  db: Knex,
  filters: WaitlistQuery,
): Promise<WaitlistGroupRow[]> {
  const rows: Record<string, unknown>[] = await db('waitlistEntries as w')
    .leftJoin('servedZips as s', 's.zip', 'w.zip')
    .modify((q) => (filters.zip ? q.where('w.zip', filters.zip) : q))
    .modify((q) => (filters.serviceType ? q.where('w.serviceType', filters.serviceType) : q))
    .groupBy('w.zip', 's.zip')
    .select(
      'w.zip',
      db.raw('s.zip IS NOT NULL AS served'),
      db.raw('count(*)::int AS total'),
      db.raw('(count(*) FILTER (WHERE w.notified_at IS NULL))::int AS waiting'),
      ...SERVICES.map((service) =>
        db.raw('(count(*) FILTER (WHERE w.service_type = ?))::int AS ??', [
          service,
          `n_${service}`,
        ]),
      ),
      db.raw('max(w.created_at) AS newest_at'),
      db.raw('max(w.notified_at) AS notified_at'),
    )
    .orderBy([
      { column: 'newestAt', order: 'desc' },
      { column: 'w.zip', order: 'asc' },
    ]);
  return rows.map((row) => ({
    zip: row.zip as string,
    served: row.served as boolean,
    total: row.total as number,
    waiting: row.waiting as number,
    byService: Object.fromEntries(SERVICES.map((s) => [s, row[countKey(s)] as number])) as Record<
      ServiceType,
      number
    >,
    newestAt: row.newestAt as Date,
    notifiedAt: (row.notifiedAt as Date | null) ?? null,
  }));
}

/** The people (one e-mail each per ZIP) still waiting in ZIPs we now serve. */
export async function waitingInServedZips(db: Knex): Promise<number> {
  const [row] = await db('waitlistEntries as w')
    .join('servedZips as s', 's.zip', 'w.zip')
    .whereNull('w.notifiedAt')
    .select(db.raw('count(DISTINCT (w.email, w.zip))::int AS people'));
  return (row as { people: number }).people;
}

/**
 * Held by a save of the list until it commits: a second save waits and then reads the list the
 * first left, so each audit entry's added and removed are true. Plain reads (a booking's ZIP
 * check) and a notify's row lock do not wait on it.
 */
export async function lockServedZips(trx: Knex.Transaction): Promise<void> {
  await trx.raw('LOCK TABLE served_zips IN SHARE ROW EXCLUSIVE MODE');
}
