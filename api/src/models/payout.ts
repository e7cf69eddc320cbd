import type { RelationMappings } from 'objection';
import { TimestampedModel } from './base-model';
import { Booking } from './booking';
import { ProviderEvent } from './provider-event';
import { User } from './user';

export class Payout extends TimestampedModel {
  static override tableName = 'payouts';

  declare id: string;
  declare providerId: string;
  declare bookingId: string;
  declare clockInEventId: number | null;
  declare clockOutEventId: number | null;
  declare hoursWorked: number;
  /** At most the booked hours + 1 until an admin approves more. */
  declare hoursPaid: number;
  /** Why an admin should look (capped hours, a flagged punch); null when nothing to review. */
  declare reviewReason: string | null;
  /** The admin who approved or adjusted the hours, and when (the reason is cleared then). */
  declare reviewedAt: Date | null;
  declare reviewedBy: string | null;
  /** 0 on a fixed-price job, which pays a share of its price instead. */
  declare hourlyRateCents: number;
  /** A fixed-price job's share and the price it was taken from; null on an hourly job. */
  declare sharePercent: number | null;
  declare shareOfCents: number | null;
  declare baseAmountCents: number;
  declare waitPayCents: number;
  /** An auction-board job's bonus (0 for any other job), part of the total. */
  declare bonusCents: number;
  declare totalAmountCents: number;
  /** The visit's tips net of refunds: a line of its own, not part of totalAmountCents. */
  declare tipCents: number;
  /**
   * How much of the tip line Mark Paid paid out. Below tipCents: a tip came after, still owed;
   * above it: a tip was refunded after it was paid out.
   */
  declare tipPaidCents: number;
  declare geofenceVerified: boolean;
  declare status: 'pending' | 'paid';
  declare paidAt: Date | null;
  declare paidBy: string | null;
  /** The weekly transfer that pays (or paid) it; null when unpaid or paid by Mark Paid. */
  declare transferId: string | null;

  declare provider?: User;
  declare booking?: Booking;
  declare clockInEvent?: ProviderEvent | null;
  declare clockOutEvent?: ProviderEvent | null;

  static override relationMappings = (): RelationMappings => ({
    provider: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'payouts.providerId', to: 'users.id' },
    },
    booking: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: Booking,
      join: { from: 'payouts.bookingId', to: 'bookings.id' },
    },
    clockInEvent: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: ProviderEvent,
      join: { from: 'payouts.clockInEventId', to: 'provider_events.id' },
    },
    clockOutEvent: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: ProviderEvent,
      join: { from: 'payouts.clockOutEventId', to: 'provider_events.id' },
    },
  });
}
