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
    listed: (query: ReturnType<typeof AddOn.query>) =>
      query.where('isActive', true).orderBy([{ column: 'sortOrder' }, { column: 'name' }]),
  };
}
