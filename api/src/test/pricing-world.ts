import type { PricingValues } from '@twinclean/shared/admin-pricing';
import type { Knex } from 'knex';
import { adminPricing } from '../modules/admin-pricing/service';

/** The live prices and their version, for a pricing save that is not stale. */
export async function pricingWorld(db: Knex) {
  const { version, values } = await adminPricing(db);
  return { pricing: { version, values } as { version: number; values: PricingValues } };
}
