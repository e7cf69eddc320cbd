import { describe, expect, it } from 'vitest';
import { emailCodeSchema, loginSchema, resetPasswordSchema, signupSchema } from './auth';
import { houseBookingSchema } from './bookings';
import { newsletterSchema, providerApplicationSchema } from './leads';
import {
  carpetBookingSchema,
  dryCleaningBookingSchema,
  laundryBookingSchema,
} from './special-bookings';

// The web's forms validate with these schemas and send what they produce: every output must
// be a valid input that parses to itself, or the server would refuse what the browser checked.
const cases = [
  [
    'signup, no phone',
    signupSchema,
    { email: ' A@B.co', password: 'long enough', firstName: 'A', lastName: 'B', phone: '' },
  ],
  [
    'signup, phone',
    signupSchema,
    { email: 'a@b.co', password: 'long enough', firstName: 'A', lastName: 'B', phone: ' 612 ' },
  ],
  ['login', loginSchema, { email: 'A@B.co ', password: 'x' }],
  ['verify code', emailCodeSchema, { email: 'a@b.co', code: '123456' }],
  ['reset', resetPasswordSchema, { email: 'a@b.co', code: '123456', newPassword: 'long enough' }],
  ['newsletter', newsletterSchema, { email: ' Reader@Example.com' }],
  [
    'careers',
    providerApplicationSchema,
    {
      firstName: ' L ',
      lastName: 'M',
      email: 'l@m.co',
      phone: '612',
      experience: 'e',
      availability: 'a',
      whyJoin: 'w',
    },
  ],
  [
    'house booking',
    houseBookingSchema,
    {
      clientFirstName: 'Ada',
      clientLastName: 'L',
      clientEmail: 'ADA@x.co',
      clientPhone: '612',
      address: '1 Main',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55401',
      homeSize: 'small',
      squareFeet: '',
      numberOfFloors: 2,
      bedroomCount: 1,
      fullBathroomCount: 0,
      halfBathroomCount: 0,
      hasKitchen: false,
      hasLivingRoom: false,
      greenCleaning: true,
      scheduledDate: '2026-12-01',
      scheduledTime: '09:00',
      addOns: [{ id: 'inside-oven', quantity: 1 }],
    },
  ],
  [
    'carpet booking',
    carpetBookingSchema,
    {
      firstName: ' Ada ',
      lastName: 'L',
      email: 'ADA@x.co',
      phone: '612',
      address: '1 Main',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55401',
      bedrooms: 2,
      livingRooms: 0,
      stairs: 1,
      scheduledDate: '2026-12-01',
      scheduledTime: '09:00',
    },
  ],
  [
    'laundry booking, drop-off elsewhere',
    laundryBookingSchema,
    {
      firstName: ' Ada ',
      lastName: 'L',
      email: 'ADA@x.co',
      phone: '612',
      pickupAddress: '1 Main',
      pickupCity: 'Minneapolis',
      pickupState: 'MN',
      pickupZipCode: '55401',
      sameAsPickup: false,
      dropoffAddress: ' 2 Oak ',
      dropoffCity: 'Edina',
      dropoffZipCode: '55424',
      numberOfLoads: 3,
      scheduledDate: '2026-12-01',
      scheduledTime: '09:00',
    },
  ],
  [
    'dry cleaning booking',
    dryCleaningBookingSchema,
    {
      firstName: ' Ada ',
      lastName: 'L',
      email: 'ADA@x.co',
      phone: '612',
      pickupAddress: '1 Main',
      pickupCity: 'Minneapolis',
      pickupState: 'MN',
      pickupZip: '55401',
      items: { shirt: 2, rug_small: 0 },
      scheduledDate: '2026-12-01',
      scheduledTime: '09:00',
      specialInstructions: ' Gentle ',
    },
  ],
] as const;

describe('form contracts', () => {
  it.each(cases)('%s: what the schema gives, it accepts unchanged', (_name, schema, input) => {
    const once = schema.parse(input);
    expect(schema.parse(once)).toEqual(once);
  });
});
