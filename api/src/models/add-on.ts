import { TimestampedModel } from './base-model';

export class AddOn extends TimestampedModel {
  static override tableName = 'add_ons';

  declare id: string;
  declare name: string;
  declare description: string;
  declare category: 'kitchen' | 'bathroom' | 'whole_home';
  declare priceCents: number;
  declare priceUnit: 'each' | 'window';
  declare timeMinutes: number;
  declare sortOrder: number;
  declare isActive: boolean;
}

/**
 * What the wizard offers: the active add-ons in their order, as a plain knex query (objection's
 * query building was a sixth of this public read's CPU). The column itself is the condition, not
 * `= $1`: a query with no bindings goes to PostgreSQL as one simple-protocol message instead of
 * parse/bind/execute.
 */
export const listedAddOns = () =>
  AddOn.knexQuery()
    .whereRaw('??', ['isActive'])
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
