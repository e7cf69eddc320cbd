import { type PricingConfig, pricingConfigSchema } from '@twinclean/shared/pricing-config';
import type { Knex } from 'knex';
import { PricingConfigRow } from '../models/pricing-config-row';

/** The one pricing row every price on the site and every booking is computed from. */
export async function loadPricing(trx?: Knex): Promise<PricingConfig> {
  const row = await PricingConfigRow.query(trx).findById(1);
  return pricingConfigSchema.parse(row);
}
