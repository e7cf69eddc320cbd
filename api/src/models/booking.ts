import { type BookingStatus, deriveBookingStatus } from '@twinclean/shared/booking-status';
import type { SubscriptionType } from '@twinclean/shared/roles';
import type { ServiceType } from '@twinclean/shared/services';
import type { RelationMappings } from 'objection';
import { TimestampedModel } from './base-model';
import { BookingAddOn } from './booking-add-on';
import { CarpetCleaningDetails } from './carpet-cleaning-details';
import { DryCleaningItem } from './dry-cleaning-item';
import { HouseCleaningDetails } from './house-cleaning-details';
import { LaundryDetails } from './laundry-details';
import { Payment } from './payment';
import { Payout } from './payout';
import { Photo } from './photo';
import { ProviderEvent } from './provider-event';
import { User } from './user';

export class Booking extends TimestampedModel {
  static override tableName = 'bookings';

  declare id: string;
  declare serviceType: ServiceType;
  declare clientId: string | null;
  declare clientFirstName: string;
  declare clientLastName: string;
  declare clientEmail: string;
  declare clientPhone: string;
  declare clientNotes: string;
  declare address: string;
  declare city: string;
  declare state: string;
  declare zipCode: string;
  declare dropoffSameAsPickup: boolean | null;
  declare dropoffAddress: string | null;
  declare dropoffCity: string | null;
  declare dropoffState: string | null;
  declare dropoffZipCode: string | null;
  declare latitude: number | null;
  declare longitude: number | null;
  declare geocodePrecision: 'address' | 'zip' | null;
  declare scheduledDate: string;
  declare scheduledTime: string;
  declare scheduledAt: Date;
  declare subscriptionType: SubscriptionType;
  declare baseHours: number | null;
  declare totalHours: number | null;
  declare hourlyRateCents: number | null;
  declare baseAmountCents: number;
  declare greenCleaning: boolean;
  declare greenCleaningFeeCents: number;
  declare addOnsTotalCents: number;
  /** base + green cleaning + add-ons, less goodwill refunds. */
  declare totalAmountCents: number;
  /** An owner's refunds outside a cancellation, taken off what the booking costs. */
  declare goodwillRefundCents: number;
  /** What a discount code took off the price (issue 34): the company's, like goodwill. */
  declare discountCents: number;
  /** Referral credit and gift card balance spent on it (issue 34), off the total like a discount. */
  declare creditCents: number;
  declare giftCardCents: number;
  /** Carpet and rugs: the estimate booked at; totalAmountCents is the price confirmed after pickup. */
  declare estimatedAmountCents: number | null;
  declare depositAmountCents: number;
  declare priceIsFinal: boolean;
  /** A carpet or rug price confirmed outside the bounds, waiting for the client's approval. */
  declare proposedPriceCents: number | null;
  declare priceProposedAt: Date | null;
  declare priceProposedBy: string | null;
  /** The client's (null by: through a pay link) or an owner's approval of a proposed price. */
  declare priceApprovedAt: Date | null;
  declare priceApprovedBy: string | null;
  declare amountPaidCents: number;
  declare providerId: string | null;
  declare assignedAt: Date | null;
  declare depositRequestedAt: Date | null;
  /** When the balance was asked for, 24 h before the visit; once. */
  declare balanceRequestedAt: Date | null;
  /** A member's visit charge (12 h ahead): a worker's claim, and the refusal that sent a pay link. */
  declare visitChargeClaimedAt: Date | null;
  declare visitChargeFailedAt: Date | null;
  declare enRouteAt: Date | null;
  /** The arrival estimate told to the client with "on my way". */
  declare enRouteEtaAt: Date | null;
  /** The checklist version this visit's ticks follow; null until the first tick. */
  declare checklistVersion: number | null;
  declare clockInAt: Date | null;
  declare clockOutAt: Date | null;
  declare canceledAt: Date | null;
  declare canceledBy: string | null;
  declare cancellationReason: string | null;
  declare cancellationFeeCents: number | null;
  /** The client's saved home this visit is at (issue 31); null for guests and older bookings. */
  declare homeId: string | null;
  /** The series this visit belongs to, and the date the series planned it for (kept when moved). */
  declare seriesId: string | null;
  declare seriesDate: string | null;

  declare client?: User | null;
  declare provider?: User | null;
  declare houseDetails?: HouseCleaningDetails | null;
  declare carpetDetails?: CarpetCleaningDetails | null;
  declare laundryDetails?: LaundryDetails | null;
  declare dryCleaningItems?: DryCleaningItem[];
  declare addOns?: BookingAddOn[];
  declare photos?: Photo[];
  declare events?: ProviderEvent[];
  declare payout?: Payout | null;
  declare payments?: Payment[];

  get status(): BookingStatus {
    return deriveBookingStatus(this);
  }

  static override get virtualAttributes(): string[] {
    return ['status'];
  }

  static override relationMappings = (): RelationMappings => ({
    client: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'bookings.clientId', to: 'users.id' },
    },
    provider: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'bookings.providerId', to: 'users.id' },
    },
    houseDetails: {
      relation: TimestampedModel.HasOneRelation,
      modelClass: HouseCleaningDetails,
      join: { from: 'bookings.id', to: 'house_cleaning_details.bookingId' },
    },
    carpetDetails: {
      relation: TimestampedModel.HasOneRelation,
      modelClass: CarpetCleaningDetails,
      join: { from: 'bookings.id', to: 'carpet_cleaning_details.bookingId' },
    },
    laundryDetails: {
      relation: TimestampedModel.HasOneRelation,
      modelClass: LaundryDetails,
      join: { from: 'bookings.id', to: 'laundry_details.bookingId' },
    },
    dryCleaningItems: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: DryCleaningItem,
      join: { from: 'bookings.id', to: 'dry_cleaning_items.bookingId' },
    },
    addOns: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: BookingAddOn,
      join: { from: 'bookings.id', to: 'booking_add_ons.bookingId' },
    },
    photos: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: Photo,
      join: { from: 'bookings.id', to: 'photos.bookingId' },
    },
    events: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: ProviderEvent,
      join: { from: 'bookings.id', to: 'provider_events.bookingId' },
    },
    payout: {
      relation: TimestampedModel.HasOneRelation,
      modelClass: Payout,
      join: { from: 'bookings.id', to: 'payouts.bookingId' },
    },
    payments: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: Payment,
      join: { from: 'bookings.id', to: 'payments.bookingId' },
    },
  });

  static override modifiers = {
    openJobs: (query: ReturnType<typeof Booking.query>, now?: Date) => whereOpen(query, now),
    /**
     * Not waiting on a moved day's answer (UNANSWERED_MOVE_SQL): nothing is charged for a moved
     * visit until its client settles the new time, or lets the cleaner in to start it.
     */
    moveAnswered: (query: ReturnType<typeof Booking.query>) =>
      query.whereRaw(`(NOT EXISTS (${UNANSWERED_MOVE_SQL}) OR bookings.clock_in_at IS NOT NULL)`),
  };
}

/**
 * An owner's day move still waiting on the booking's client, the booking where the move left it
 * (at the proposed time, or on the moved date when there was none). A booking moved since by
 * another way (its client's own reschedule, an admin's) is the client's answer already.
 */
export const UNANSWERED_MOVE_SQL = `SELECT 1 FROM visit_moves AS unanswered
  WHERE unanswered.booking_id = bookings.id AND unanswered.status = 'pending'
    AND bookings.scheduled_date = COALESCE(unanswered.proposed_date, unanswered.from_date)
    AND bookings.scheduled_time = COALESCE(unanswered.proposed_time, unanswered.from_time)`;

/**
 * A booking whose day was moved with no provider free to take it: it stands on the moved date
 * until its client picks a new time, and nobody may find or take it meanwhile.
 */
export const AWAITING_CLIENT_SQL = `EXISTS (${UNANSWERED_MOVE_SQL}
  AND unanswered.proposed_date IS NULL)`;

/** The job board's rule, in SQL on `bookings`: no provider, not canceled, still ahead of :now. */
export const OPEN_JOB_SQL = `bookings.provider_id IS NULL AND bookings.canceled_at IS NULL
  AND bookings.scheduled_at > :now AND NOT ${AWAITING_CLIENT_SQL}`;

/** The job board's rule on an objection query (the `openJobs` modifier), soonest first. */
export function whereOpen<Q extends ReturnType<typeof Booking.query>>(
  query: Q,
  now: Date = new Date(),
): Q {
  return query.whereRaw(OPEN_JOB_SQL, { now }).orderBy('scheduledAt') as Q;
}
