import { addDays, chicagoDate, chicagoTime } from '@twinclean/shared/schedule';

/** The wizard's defaults with two add-ons and green cleaning: 3 bed, 2 bath, kitchen, living room. */
export const wizardPayload = (overrides: Record<string, unknown> = {}) => ({
  clientFirstName: 'Grace',
  clientLastName: 'Hopper',
  clientEmail: 'grace@example.com',
  clientPhone: '612-555-0199',
  zipCode: '55408',
  address: '3348 Hennepin Ave',
  city: 'Minneapolis',
  state: 'MN',
  homeSize: 'medium',
  squareFeet: '',
  numberOfFloors: 1,
  bedroomCount: 3,
  fullBathroomCount: 2,
  halfBathroomCount: 0,
  hasKitchen: true,
  hasLivingRoom: true,
  greenCleaning: true,
  scheduledDate: addDays(chicagoDate(new Date()), 1),
  scheduledTime: '10:00',
  clientNotes: '',
  hasPets: false,
  petDetails: '',
  addOns: [
    { id: 'inside-oven', quantity: 1, price: '30.00', timeMinutes: 30 },
    { id: 'window-cleaning', quantity: 4, price: '5.00', timeMinutes: 10 },
  ],
  ...overrides,
});

const specialContact = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '612-555-0199',
};
const tomorrowAtTen = () => ({
  scheduledDate: addDays(chicagoDate(new Date()), 1),
  scheduledTime: '10:00',
});

/** The carpet form: 3 bedrooms, a living room and a staircase, no green cleaning ($325). */
export const carpetPayload = (overrides: Record<string, unknown> = {}) => ({
  ...specialContact,
  address: '3348 Hennepin Ave',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55408',
  bedrooms: 3,
  livingRooms: 1,
  stairs: 1,
  greenCleaning: false,
  ...tomorrowAtTen(),
  ...overrides,
});

/** The laundry form: 3 loads picked up in St Paul and brought back there ($105). */
export const laundryPayload = (overrides: Record<string, unknown> = {}) => ({
  ...specialContact,
  pickupAddress: '1600 Grand Ave',
  pickupCity: 'Saint Paul',
  pickupState: 'MN',
  pickupZipCode: '55105',
  sameAsPickup: true,
  dropoffAddress: '',
  dropoffCity: '',
  dropoffState: 'MN',
  dropoffZipCode: '',
  numberOfLoads: 3,
  greenCleaning: false,
  ...tomorrowAtTen(),
  ...overrides,
});

/** The rug form: two 2-piece suits and a Persian rug ($190), returned to the pickup address. */
export const dryCleaningPayload = (overrides: Record<string, unknown> = {}) => ({
  ...specialContact,
  pickupAddress: '1600 Grand Ave',
  pickupCity: 'Saint Paul',
  pickupState: 'MN',
  pickupZip: '55105',
  dropoffSameAsPickup: true,
  dropoffAddress: '',
  dropoffCity: '',
  dropoffState: 'MN',
  dropoffZip: '',
  items: { suit_2piece: 2, rug_persian: 1, shirt: 0 },
  greenCleaning: false,
  ...tomorrowAtTen(),
  specialInstructions: 'Wine stain near one corner of the rug.',
  ...overrides,
});

/** The smallest real image: a 1×1 PNG (the server checks photo content, not names). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The next date, at least two days out and inside the booking window, on this weekday (0 = Sunday). */
export function nextWeekday(dayOfWeek: number): string {
  let date = addDays(chicagoDate(new Date()), 2);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== dayOfWeek) date = addDays(date, 1);
  return date;
}

/**
 * A house-cleaning booking row for tests to insert: at the 55408 ZIP, starting at `start`, priced
 * at $45/h for `hours`, open (no provider) unless `overrides` say otherwise.
 */
/** A carpet job's price: $325.00 booked as an estimate, to be confirmed (bookingRow overrides). */
export const CARPET_ESTIMATE = {
  serviceType: 'carpet',
  baseHours: null,
  totalHours: 2.17,
  hourlyRateCents: null,
  baseAmountCents: 32_500,
  totalAmountCents: 32_500,
  estimatedAmountCents: 32_500,
  depositAmountCents: 13_000,
  priceIsFinal: false,
};

export function bookingRow(start: Date, overrides: Record<string, unknown> = {}, hours = 2) {
  return {
    serviceType: 'house',
    clientFirstName: 'Pat',
    clientLastName: 'Client',
    clientEmail: 'pat@example.com',
    clientPhone: '612-555-0100',
    address: '3348 Hennepin Ave',
    city: 'Minneapolis',
    state: 'MN',
    zipCode: '55408',
    scheduledDate: chicagoDate(start),
    scheduledTime: chicagoTime(start),
    scheduledAt: start,
    subscriptionType: 'none',
    baseHours: hours,
    totalHours: hours,
    hourlyRateCents: 4500,
    baseAmountCents: Math.round(hours * 4500),
    totalAmountCents: Math.round(hours * 4500),
    depositAmountCents: Math.round(hours * 1800),
    priceIsFinal: true,
    ...overrides,
  };
}
