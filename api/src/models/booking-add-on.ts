import type { RelationMappings } from 'objection';
import { AddOn } from './add-on';
import { BaseModel } from './base-model';

export class BookingAddOn extends BaseModel {
  static override tableName = 'booking_add_ons';
  static override idColumn = ['bookingId', 'addOnId'];

  declare bookingId: string;
  declare addOnId: string;
  declare quantity: number;
  declare unitPriceCents: number;
  declare timeMinutes: number;

  declare addOn?: AddOn;

  static override relationMappings = (): RelationMappings => ({
    addOn: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: AddOn,
      join: { from: 'booking_add_ons.addOnId', to: 'add_ons.id' },
    },
  });
}
