import {
  PRICING_HISTORY_PAGE_SIZE,
  type PricingHistory,
  type PricingHistoryQuery,
} from '@twinclean/shared/admin-pricing';
import type { Knex } from 'knex';
import { PricingVersion } from '../../models/pricing-version';
import { pricingVersionRows } from './history.sql';

/** GET /api/admin/pricing/versions (admin_owner): the newest first, who saved each and what changed. */
export async function pricingHistory(
  db: Knex,
  query: PricingHistoryQuery,
): Promise<PricingHistory> {
  const page = query.page ?? 1;
  const [rows, total] = await Promise.all([
    pricingVersionRows(db, page),
    PricingVersion.query(db).resultSize(),
  ]);
  return {
    items: rows.map((row) => ({
      version: row.version,
      createdAt: new Date(row.createdAt).toISOString(),
      createdBy:
        row.actorId && row.actorName
          ? { id: row.actorId, name: row.actorName, email: row.actorEmail ?? '' }
          : null,
      note: row.note,
      changes: row.changes,
    })),
    page,
    pageSize: PRICING_HISTORY_PAGE_SIZE,
    total,
  };
}
