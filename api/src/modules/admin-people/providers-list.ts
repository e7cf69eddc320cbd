import type { AdminProviderListQuery, AdminProviderPage } from '@twinclean/shared/admin-people';
import type { Knex } from 'knex';
import { toProviderRow } from './provider-figures';
import { providerPage } from './provider-figures.sql';

/** GET /api/admin/providers: one page of the matching provider accounts and how many match. */
export async function listProviders(
  db: Knex,
  query: AdminProviderListQuery,
  now = new Date(),
): Promise<AdminProviderPage> {
  const { page, pageSize } = query;
  const { rows, total } = await providerPage(db, query, now);
  return { items: rows.map((row) => toProviderRow(row, now)), page, pageSize, total };
}
