import { homeRoomsSchema } from '@twinclean/shared/homes';
import * as z from 'zod/mini';

// What a series repeats of its first booking (booking_series.details), parsed whenever a visit
// is planned so a stored shape that drifted fails loudly instead of pricing a wrong visit.

const contactSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});

const placeSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

export const seriesDetailsSchema = z.discriminatedUnion('serviceType', [
  z.object({
    serviceType: z.literal('house'),
    contact: contactSchema,
    clientNotes: z.string(),
    greenCleaning: z.boolean(),
    rooms: z.extend(homeRoomsSchema, { hasPets: z.boolean(), petDetails: z.string() }),
    addOns: z.array(z.object({ id: z.string(), quantity: z.number() })),
  }),
  z.object({
    serviceType: z.literal('laundry'),
    contact: contactSchema,
    clientNotes: z.string(),
    greenCleaning: z.boolean(),
    numberOfLoads: z.number(),
    dropoff: z.nullable(z.extend(placeSchema, { sameAsPickup: z.boolean() })),
  }),
]);
export type SeriesDetails = z.infer<typeof seriesDetailsSchema>;
export type HouseSeriesDetails = Extract<SeriesDetails, { serviceType: 'house' }>;
