import { TimestampedModel } from './base-model';

export class AvailabilitySlot extends TimestampedModel {
  static override tableName = 'availability_slots';

  declare id: string;
  declare providerId: string;
  declare dayOfWeek: number;
  declare startTime: string;
  declare endTime: string;
  declare isActive: boolean;
}
