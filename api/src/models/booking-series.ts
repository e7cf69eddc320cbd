import type { ServiceType } from '@twinclean/shared/services';
import { BaseModel, TimestampedModel } from './base-model';

/**
 * A recurring cleaning (DECISIONS.md "Recurring visits"): its visits are bookings with its id
 * and their planned `seriesDate`, one per date. `details` holds the first booking's facts to
 * repeat (rooms, add-ons, green cleaning, loads, contact), in the booking payload's shape.
 */
export class BookingSeries extends TimestampedModel {
  static override tableName = 'booking_series';

  declare id: string;
  declare clientId: string;
  declare homeId: string;
  declare serviceType: Extract<ServiceType, 'house' | 'laundry'>;
  declare intervalWeeks: 1 | 2 | 4;
  /** YYYY-MM-DD: visits fall on it plus whole multiples of the interval. */
  declare anchorDate: string;
  declare scheduledTime: string;
  declare details: Record<string, unknown>;
  declare regularProviderId: string | null;
  declare pausedUntil: string | null;
  declare canceledAt: Date | null;
  declare cancellationReason: string | null;
}

/** One line of a series' history (created, skipped, paused, provider changed, …). */
export class SeriesEvent extends BaseModel {
  static override tableName = 'series_events';

  declare id: string;
  declare seriesId: string;
  declare bookingId: string | null;
  declare actorId: string | null;
  declare kind: string;
  declare summary: string;
  declare createdAt: Date;
}
