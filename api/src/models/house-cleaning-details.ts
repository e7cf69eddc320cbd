import { BaseModel } from './base-model';

export class HouseCleaningDetails extends BaseModel {
  static override tableName = 'house_cleaning_details';
  static override idColumn = 'bookingId';

  declare bookingId: string;
  declare homeSize: 'small' | 'medium' | 'large';
  declare squareFeet: number | null;
  declare numberOfFloors: 1 | 2;
  declare bedroomCount: number;
  declare fullBathroomCount: number;
  declare halfBathroomCount: number;
  declare hasKitchen: boolean;
  declare hasLivingRoom: boolean;
  declare selectedRooms: string[];
  declare hasPets: boolean;
  declare petDetails: string;
}
