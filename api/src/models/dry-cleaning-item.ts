import type { DryCleaningItemId } from '@twinclean/shared/services';
import { BaseModel } from './base-model';

export class DryCleaningItem extends BaseModel {
  static override tableName = 'dry_cleaning_items';
  static override idColumn = ['bookingId', 'itemId'];

  declare bookingId: string;
  declare itemId: DryCleaningItemId;
  declare quantity: number;
}
