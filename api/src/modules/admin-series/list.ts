import type { AdminSeriesListQuery, AdminSeriesPage } from '@twinclean/shared/admin-series';
import { chicagoDate } from '@twinclean/shared/schedule';
import { FREQUENCY_WEEKS } from '@twinclean/shared/series';
import type { Knex } from 'knex';
import { BookingSeries } from '../../models/booking-series';
import { seriesRows } from './view';

/**
 * GET /api/admin/series: one page of series, newest first. Paused = a pause date still ahead
 * and not canceled; running = neither.
 */
export async function listSeries(
  db: Knex,
  query: AdminSeriesListQuery,
  now = new Date(),
): Promise<AdminSeriesPage> {
  const { page, pageSize } = query;
  const today = chicagoDate(now);
  const filtered = BookingSeries.query(db).modify((q) => {
    if (query.frequency) q.where({ intervalWeeks: FREQUENCY_WEEKS[query.frequency] });
    if (query.providerId) q.where({ regularProviderId: query.providerId });
    if (query.paused === 'yes') q.whereNull('canceledAt').where('pausedUntil', '>', today);
    if (query.paused === 'no') {
      q.whereNull('canceledAt').where((w) =>
        w.whereNull('pausedUntil').orWhere('pausedUntil', '<=', today),
      );
    }
  });
  const [total, found] = await Promise.all([
    filtered.clone().resultSize(),
    filtered
      .clone()
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .offset((page - 1) * pageSize)
      .limit(pageSize),
  ]);
  return { items: await seriesRows(db, found, now), page, pageSize, total };
}
