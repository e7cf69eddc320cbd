import type { HomeRooms } from '@twinclean/shared/homes';
import { TimestampedModel } from './base-model';

/**
 * A client's saved home (api/db/migrations/…_create-homes-and-series.ts). The entry notes are
 * sealed (api/src/security/data-cipher.ts): read them through the modules/homes reveal rule only.
 */
export class Home extends TimestampedModel {
  static override tableName = 'homes';

  declare id: string;
  declare clientId: string;
  declare label: string;
  declare address: string;
  declare city: string;
  declare state: string;
  declare zipCode: string;
  declare latitude: number | null;
  declare longitude: number | null;
  declare geocodePrecision: 'address' | 'zip' | null;
  declare homeSize: HomeRooms['homeSize'] | null;
  declare squareFeet: number | null;
  declare numberOfFloors: 1 | 2 | null;
  declare bedroomCount: number | null;
  declare fullBathroomCount: number | null;
  declare halfBathroomCount: number | null;
  declare hasKitchen: boolean | null;
  declare hasLivingRoom: boolean | null;
  declare hasPets: boolean;
  declare petDetails: string;
  declare parkingNotes: string;
  declare entryNotesSealed: string | null;
  declare archivedAt: Date | null;
}
