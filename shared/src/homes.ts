import * as z from 'zod/mini';
import { required, zipField } from './bookings';

// DECISIONS.md "Recurring visits, homes and entry notes" (issue 31): a client's saved homes.
// Entry notes (lockbox or door code, alarm, where the key is) are sealed at rest and shown only
// to the provider assigned to a visit, from 24 h before it until it is completed.

export const ENTRY_NOTES_MAX = 1000;
export const PARKING_NOTES_MAX = 500;
/** How long before a visit its assigned provider may read the home's entry notes. */
export const ENTRY_NOTES_LEAD_HOURS = 24;
/**
 * How long after a visit's start its notes stay readable when no clock-out closes it first (a
 * no-show, a forgotten punch): long enough for any visit, short of next week's codes.
 */
export const ENTRY_NOTES_AFTER_START_HOURS = 24;

// `verb` so a plural label reads right: "Entry notes are too long".
const text = (label: string, max: number, verb: 'is' | 'are' = 'is') =>
  z._default(z.string().check(z.trim(), z.maxLength(max, `${label} ${verb} too long`)), '');

export const entryNotesField = () => text('Entry notes', ENTRY_NOTES_MAX, 'are');
export const parkingNotesField = () => text('Parking notes', PARKING_NOTES_MAX, 'are');

/** A home's rooms and size, as the house wizard asks them; absent for a laundry-only home. */
export const homeRoomsSchema = z.object({
  homeSize: z.enum(['small', 'medium', 'large']),
  squareFeet: z.nullable(
    z.number().check(z.int(), z.gte(100, 'Square feet must be at least 100'), z.lte(10000)),
  ),
  numberOfFloors: z.union([z.literal(1), z.literal(2)]),
  bedroomCount: z.number().check(z.int(), z.gte(0), z.lte(6)),
  fullBathroomCount: z.number().check(z.int(), z.gte(0), z.lte(5)),
  halfBathroomCount: z.number().check(z.int(), z.gte(0), z.lte(3)),
  hasKitchen: z.boolean(),
  hasLivingRoom: z.boolean(),
});
export type HomeRooms = z.infer<typeof homeRoomsSchema>;

/** POST /api/homes and PUT /api/homes/:id: what the client's "Homes" form sends. */
export const homeInputSchema = z.object({
  label: text('Name', 60),
  address: required('Address'),
  city: required('City', 100),
  state: z.enum(['MN']),
  zipCode: zipField(),
  rooms: z._default(z.nullable(homeRoomsSchema), null),
  hasPets: z._default(z.boolean(), false),
  petDetails: text('Pet details', 1000, 'are'),
  parkingNotes: parkingNotesField(),
  entryNotes: entryNotesField(),
});
export type HomeInput = z.input<typeof homeInputSchema>;

/** A saved home as its own client sees it (the only person besides the day's provider). */
export const homeSchema = z.object({
  id: z.string(),
  label: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  rooms: z.nullable(homeRoomsSchema),
  hasPets: z.boolean(),
  petDetails: z.string(),
  parkingNotes: z.string(),
  entryNotes: z.string(),
  /** Series that visit this home and are not canceled: such a home cannot be deleted. */
  activeSeriesCount: z.number(),
});
export type Home = z.infer<typeof homeSchema>;
export const homeListSchema = z.object({ homes: z.array(homeSchema) });

/** What the assigned provider sees of the home on the visit's page. */
export const visitHomeNotesSchema = z.object({
  hasPets: z.boolean(),
  petDetails: z.string(),
  parkingNotes: z.string(),
  /** The entry notes when they may be read now; null before the 24 h window or after the visit. */
  entryNotes: z.nullable(z.string()),
  /** When the entry notes become readable (ISO); null when there are none. */
  entryNotesFrom: z.nullable(z.string()),
});
export type VisitHomeNotes = z.infer<typeof visitHomeNotesSchema>;
