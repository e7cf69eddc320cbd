import { BaseModel } from './base-model';

export class LaundryDetails extends BaseModel {
  static override tableName = 'laundry_details';
  static override idColumn = 'bookingId';

  declare bookingId: string;
  declare numberOfLoads: number;
}
