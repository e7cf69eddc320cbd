import {
  PRICING_HISTORY_PAGE_SIZE,
  type PricingHistory,
  type PricingHistoryQuery,
} from '@twinclean/shared/admin-pricing';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';
import { PricingVersion } from '../../models/pricing-version';

type Row = PricingVersion & {
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
};

/** GET /api/admin/pricing/versions (admin_owner): the newest first, who saved each and what changed. */
export async function pricingHistory(
  db: Knex,
  query: PricingHistoryQuery,
): Promise<PricingHistory> {
  const page = query.page ?? 1;
  const [rows, total] = await Promise.all([
    PricingVersion.query(db)
      .alias('v')
      .leftJoin('users as a', 'a.id', 'v.createdBy')
      .select(
        'v.version',
        'v.changes',
        'v.note',
        'v.createdAt',
        'a.id as actorId',
        'a.email as actorEmail',
        db.raw(`${fullNameSql('a')} AS actor_name`),
      )
      .orderBy('v.version', 'desc')
      .limit(PRICING_HISTORY_PAGE_SIZE)
      .offset((page - 1) * PRICING_HISTORY_PAGE_SIZE) as unknown as Promise<Row[]>,
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
