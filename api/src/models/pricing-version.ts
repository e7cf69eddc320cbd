import type { PricingChange } from '@twinclean/shared/admin-pricing';
import { BaseModel } from './base-model';

/** One saved version of every price (the pricing row and the add-ons'); rows are only added. */
export class PricingVersion extends BaseModel {
  static override tableName = 'pricing_versions';
  static override idColumn = 'version';
  // Without this a JS array (changes) would go to pg as a PostgreSQL array, not JSON.
  static override jsonAttributes = ['config', 'addOnCents', 'changes'];

  declare version: number;
  /** Parsed with shared/src/pricing.ts's pricingConfigSchema when read. */
  declare config: Record<string, unknown>;
  declare addOnCents: Record<string, number>;
  declare changes: PricingChange[];
  declare note: string | null;
  declare createdBy: string | null;
  declare createdAt: Date;
}
