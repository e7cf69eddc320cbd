import type { Knex } from 'knex';
import { vipIdsAmong } from './vip.sql';

/** Which of these providers are VIP now (vip.sql.ts). */
export async function vipAmong(db: Knex, providerIds: string[]): Promise<Set<string>> {
  if (providerIds.length === 0) return new Set();
  return new Set(await vipIdsAmong(db, [...new Set(providerIds)]));
}
