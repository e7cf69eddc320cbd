import { BaseModel } from './base-model';

export class CarpetCleaningDetails extends BaseModel {
  static override tableName = 'carpet_cleaning_details';
  static override idColumn = 'bookingId';

  declare bookingId: string;
  declare bedrooms: number;
  declare livingRooms: number;
  declare stairs: number;
}
