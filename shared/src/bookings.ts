import { z } from 'zod';
import { dollarsSchema } from './money';

const required = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);

const houseBookingFields = z.object({
  clientFirstName: required('First name', 100),
  clientLastName: required('Last name', 100),
  clientEmail: z
    .string()
    .trim()
    .email('Enter a valid email address')
    .max(254)
    .transform((e) => e.toLowerCase()),
  clientPhone: required('Phone', 30),
  address: required('Address'),
  city: required('City', 100),
  state: z.enum(['MN', 'OH', 'WA']),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'ZIP code must be 5 digits'),
  homeSize: z.enum(['small', 'medium', 'large']),
  squareFeet: z.union([
    z.null(),
    z.literal('').transform(() => null),
    z.coerce
      .number()
      .int()
      .min(100, 'Square feet must be at least 100')
      .max(10000, 'Square feet must be at most 10,000')
      .refine((n) => n % 100 === 0, 'Square feet goes in steps of 100'),
  ]),
  numberOfFloors: z.union([z.literal(1), z.literal(2)]),
  bedroomCount: z.number().int().min(0).max(6),
  fullBathroomCount: z.number().int().min(0).max(5),
  halfBathroomCount: z.number().int().min(0).max(3),
  hasKitchen: z.boolean(),
  hasLivingRoom: z.boolean(),
  greenCleaning: z.boolean(),
  scheduledDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please select a preferred date and time'),
  scheduledTime: z.string().regex(/^\d{2}:\d{2}$/, 'Please select a preferred date and time'),
  clientNotes: z.string().max(2000, 'Notes are too long').default(''),
  hasPets: z.boolean().default(false),
  petDetails: z.string().max(1000).default(''),
  addOns: z
    .array(z.object({ id: z.string().min(1), quantity: z.number().int().min(0).max(50) }))
    .max(20)
    .default([])
    .refine(
      (list) => new Set(list.map((a) => a.id)).size === list.length,
      'Each add-on may appear once',
    ),
});

const roomFields = houseBookingFields.pick({
  bedroomCount: true,
  fullBathroomCount: true,
  halfBathroomCount: true,
  hasKitchen: true,
  hasLivingRoom: true,
});

/**
 * POST /api/bookings, the wizard's payload (spec 1 §3). Prices, hours and selected rooms the
 * browser sends are not read: the server computes them from these facts.
 */
export const houseBookingSchema = houseBookingFields.refine(
  (b) =>
    b.bedroomCount + b.fullBathroomCount + b.halfBathroomCount > 0 ||
    b.hasKitchen ||
    b.hasLivingRoom,
  {
    message: 'Please specify at least one room to clean',
    path: ['bedroomCount'],
    // By default zod skips an object's refinements once any field fails its type (missing or
    // mistyped anywhere). The rule reads only the rooms, so it runs whenever they are valid:
    // the wizard checks rooms on step 2, whatever the later steps hold.
    when: (payload) => roomFields.safeParse(payload.value).success,
  },
);
export type HouseBookingInput = z.input<typeof houseBookingSchema>;

export const createdBookingSchema = z.object({
  id: z.string().uuid(),
  status: z.literal('pending_assignment'),
  totalHours: z.number(),
  hourlyRate: dollarsSchema,
  totalAmount: dollarsSchema,
  depositAmount: dollarsSchema,
});
export type CreatedBooking = z.infer<typeof createdBookingSchema>;
