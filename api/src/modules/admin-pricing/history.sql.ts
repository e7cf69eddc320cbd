import { PRICING_HISTORY_PAGE_SIZE, type PricingChange } from '@twinclean/shared/admin-pricing';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

/** A saved pricing version as the history table reads it, with who saved it. */
export type PricingVersionRow = {
  version: number;
  changes: PricingChange[];
  note: string | null;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
};

/** Page `page` of the pricing versions, the newest first, each with its author's name and e-mail. */
export function pricingVersionRows(db: Knex, page: number): Promise<PricingVersionRow[]> {
  return db('pricingVersions as v')
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
    .offset((page - 1) * PRICING_HISTORY_PAGE_SIZE);
}
