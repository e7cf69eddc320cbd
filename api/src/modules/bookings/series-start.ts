import type { houseBookingSchema } from '@twinclean/shared/bookings';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { GeoPoint } from '../../adapters/geocoder';
import { Home } from '../../models/home';
import { type BookingHome, type BookingHomeInput, homeForBooking } from '../homes/from-booking';
import type { HouseSeriesDetails, SeriesDetails } from '../series/details';
import { generateSeriesVisits } from '../series/generate';
import type { BookingDeps } from './service';
import type { SpecialOrder } from './special-orders';

type HouseInput = z.output<typeof houseBookingSchema>;

const roomsOf = (input: HouseInput) => ({
  homeSize: input.homeSize,
  squareFeet: input.squareFeet,
  numberOfFloors: input.numberOfFloors,
  bedroomCount: input.bedroomCount,
  fullBathroomCount: input.fullBathroomCount,
  halfBathroomCount: input.halfBathroomCount,
  hasKitchen: input.hasKitchen,
  hasLivingRoom: input.hasLivingRoom,
});

/** The wizard's home facts, for the client's saved home (modules/homes/from-booking.ts). */
export const homeInputOf = (input: HouseInput): BookingHomeInput => ({
  homeId: input.homeId,
  address: input.address,
  city: input.city,
  state: input.state,
  zipCode: input.zipCode,
  parkingNotes: input.parkingNotes,
  entryNotes: input.entryNotes,
  rooms: roomsOf(input),
  hasPets: input.hasPets,
  petDetails: input.petDetails,
});

/** What a house series repeats: the rooms, add-ons, green cleaning, contact and notes. */
export const houseDetailsOf = (
  input: HouseInput,
  addOns: { id: string; quantity: number }[],
): HouseSeriesDetails => ({
  serviceType: 'house',
  contact: {
    firstName: input.clientFirstName,
    lastName: input.clientLastName,
    email: input.clientEmail,
    phone: input.clientPhone,
  },
  clientNotes: input.clientNotes,
  greenCleaning: input.greenCleaning,
  rooms: { ...roomsOf(input), hasPets: input.hasPets, petDetails: input.petDetails },
  addOns: addOns.map((a) => ({ id: a.id, quantity: a.quantity })),
});

/**
 * Where a special-service booking takes place. A laundry pickup is made at the client's saved
 * home (or saves a new one); carpet and dry cleaning keep the address typed, as before.
 */
export async function bookingPlace(
  trx: Knex.Transaction,
  clientId: string | null,
  order: SpecialOrder,
  point: GeoPoint | null,
): Promise<BookingHome> {
  if (!order.home) {
    return {
      homeId: null,
      ...order.place,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      geocodePrecision: point?.precision ?? null,
    };
  }
  // The laundry form asks nothing of pets: a saved home keeps what the client told us.
  const saved =
    clientId && order.home.homeId
      ? await Home.query(trx).findOne({ id: order.home.homeId, clientId })
      : undefined;
  return homeForBooking(
    trx,
    clientId,
    {
      ...order.place,
      homeId: order.home.homeId,
      parkingNotes: order.home.parkingNotes,
      entryNotes: order.home.entryNotes,
      rooms: null,
      hasPets: saved?.hasPets ?? false,
      petDetails: saved?.petDetails ?? '',
    },
    point,
  );
}

export const placeOf = (home: BookingHome) => ({
  address: home.address,
  city: home.city,
  state: home.state,
  zipCode: home.zipCode,
});

/** What a laundry series repeats: the loads, detergent, drop-off, contact and notes. */
export const laundryDetailsOf = (order: SpecialOrder): SeriesDetails => ({
  serviceType: 'laundry',
  contact: order.contact,
  clientNotes: order.notes,
  greenCleaning: order.greenCleaning,
  numberOfLoads: order.job.serviceType === 'laundry' ? order.job.numberOfLoads : 0,
  dropoff: order.dropoff,
});

/**
 * Plans a new series' visits in the booking window once its first booking is committed. The
 * booking stands whatever happens here: the daily schedule plans anything missed.
 */
export async function planSeriesAfterBooking(
  deps: BookingDeps,
  seriesId: string | null,
  now: Date,
): Promise<void> {
  if (!seriesId) return;
  await generateSeriesVisits(deps, now, seriesId).catch((error: unknown) => {
    deps.logger.error({ err: error, seriesId }, 'series visits not planned after booking');
  });
}
