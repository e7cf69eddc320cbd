import type { DryCleaningItemId } from '@twinclean/shared/services';
import type {
  CarpetBooking,
  DryCleaningBooking,
  LaundryBooking,
} from '@twinclean/shared/special-bookings';
import type { PostalAddress } from '../../adapters/geocoder';

/** What a special-service booking is for: its priced facts, as its details rows store them. */
export type SpecialJob =
  | { serviceType: 'carpet'; bedrooms: number; livingRooms: number; stairs: number }
  | { serviceType: 'laundry'; numberOfLoads: number }
  | { serviceType: 'dry_cleaning'; items: { itemId: DryCleaningItemId; quantity: number }[] };

/** One special-service booking, whichever of the three forms it came from. */
export type SpecialOrder = {
  job: SpecialJob;
  contact: { firstName: string; lastName: string; email: string; phone: string };
  /** The service address (carpet) or the pickup address (laundry, dry cleaning). */
  place: PostalAddress;
  /** Where laundry and dry cleaning come back; null for carpet, which stays in the home. */
  dropoff: (PostalAddress & { sameAsPickup: boolean }) | null;
  scheduledDate: string;
  scheduledTime: string;
  greenCleaning: boolean;
  notes: string;
  /** The discount code typed, upper-cased; empty for none. */
  discountCode: string;
  giftCardCode: string;
  referralCode: string;
  /** Laundry's saved home and "How often?"; null for carpet and dry cleaning, booked one time. */
  home: Pick<LaundryBooking, 'homeId' | 'parkingNotes' | 'entryNotes' | 'frequency'> | null;
};

const contactOf = (b: CarpetBooking | LaundryBooking | DryCleaningBooking) => ({
  firstName: b.firstName,
  lastName: b.lastName,
  email: b.email,
  phone: b.phone,
});

/** Same as pickup means the pickup address, whatever the hidden drop-off fields still hold. */
const dropoffOf = (sameAsPickup: boolean, pickup: PostalAddress, given: PostalAddress) => ({
  ...(sameAsPickup ? pickup : given),
  sameAsPickup,
});

export const carpetOrder = (b: CarpetBooking): SpecialOrder => ({
  job: {
    serviceType: 'carpet',
    bedrooms: b.bedrooms,
    livingRooms: b.livingRooms,
    stairs: b.stairs,
  },
  contact: contactOf(b),
  place: { address: b.address, city: b.city, state: b.state, zipCode: b.zipCode },
  dropoff: null,
  scheduledDate: b.scheduledDate,
  scheduledTime: b.scheduledTime,
  greenCleaning: b.greenCleaning,
  notes: '',
  discountCode: b.discountCode,
  giftCardCode: b.giftCardCode,
  referralCode: b.referralCode,
  home: null,
});

export function laundryOrder(b: LaundryBooking): SpecialOrder {
  const place = {
    address: b.pickupAddress,
    city: b.pickupCity,
    state: b.pickupState,
    zipCode: b.pickupZipCode,
  };
  return {
    job: { serviceType: 'laundry', numberOfLoads: b.numberOfLoads },
    contact: contactOf(b),
    place,
    dropoff: dropoffOf(b.sameAsPickup, place, {
      address: b.dropoffAddress,
      city: b.dropoffCity,
      state: b.dropoffState,
      zipCode: b.dropoffZipCode,
    }),
    scheduledDate: b.scheduledDate,
    scheduledTime: b.scheduledTime,
    greenCleaning: b.greenCleaning,
    notes: '',
    discountCode: b.discountCode,
    giftCardCode: b.giftCardCode,
    referralCode: b.referralCode,
    home: {
      homeId: b.homeId,
      parkingNotes: b.parkingNotes,
      entryNotes: b.entryNotes,
      frequency: b.frequency,
    },
  };
}

export function dryCleaningOrder(b: DryCleaningBooking): SpecialOrder {
  const place = {
    address: b.pickupAddress,
    city: b.pickupCity,
    state: b.pickupState,
    zipCode: b.pickupZip,
  };
  // Steppers left at 0 are not part of the order (dry_cleaning_items holds quantities > 0).
  const items = Object.entries(b.items)
    .filter((entry): entry is [DryCleaningItemId, number] => (entry[1] ?? 0) > 0)
    .map(([itemId, quantity]) => ({ itemId, quantity }));
  return {
    job: { serviceType: 'dry_cleaning', items },
    contact: contactOf(b),
    place,
    dropoff: dropoffOf(b.dropoffSameAsPickup, place, {
      address: b.dropoffAddress,
      city: b.dropoffCity,
      state: b.dropoffState,
      zipCode: b.dropoffZip,
    }),
    scheduledDate: b.scheduledDate,
    scheduledTime: b.scheduledTime,
    greenCleaning: b.greenCleaning,
    notes: b.specialInstructions,
    discountCode: b.discountCode,
    giftCardCode: b.giftCardCode,
    referralCode: b.referralCode,
    home: null,
  };
}
