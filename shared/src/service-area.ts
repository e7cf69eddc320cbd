import * as z from 'zod/mini';
import { emailField, zipField } from './bookings';
import { serviceTypeSchema } from './services';

// Where we serve (issue 34, DECISIONS.md "Service area and promotions"): a list of ZIP codes the
// owner edits. A home outside it cannot be booked; its visitor can join the waitlist instead.

/** "We don't serve 55802 yet": the forms' words as the ZIP is typed, and the API's 422. */
export const notServedMessage = (zip: string) => `We don't serve ${zip} yet`;

export const WAITLIST_JOINED_MESSAGE = "You're on the waitlist";

/** GET /api/service-area/:zip — whether a ZIP is served, and the place's name when known. */
export const serviceAreaCheckSchema = z.object({
  zip: z.string(),
  served: z.boolean(),
  /** "Duluth, MN", from the ZIP table; null for a ZIP it does not know. */
  place: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
export type ServiceAreaCheck = z.infer<typeof serviceAreaCheckSchema>;

export const zipParamsSchema = z.object({ zip: zipField() });

/** POST /api/waitlist: someone we cannot serve yet, and what they wanted. */
export const waitlistFormSchema = z.object({
  email: emailField(),
  zip: zipField(),
  serviceType: serviceTypeSchema,
});
export type WaitlistForm = z.input<typeof waitlistFormSchema>;

export const waitlistJoinedSchema = z.object({ message: z.string() });

/** The owner's list: every served ZIP, sorted; a save replaces the whole list. */
export const servedZipsSchema = z.object({
  zips: z
    .array(zipField())
    .check(
      z.minLength(1, 'Keep at least one ZIP code: with none, nobody could book'),
      z.maxLength(2000, 'At most 2,000 ZIP codes'),
    ),
});
export type ServedZipsInput = z.input<typeof servedZipsSchema>;

export const servedZipsViewSchema = z.object({
  zips: z.array(z.object({ zip: z.string(), place: z.nullable(z.string()) })),
  /** Waiting visitors in ZIPs the list would now serve: who the owner may e-mail. */
  waitingInServed: z.number(),
});
export type ServedZipsView = z.infer<typeof servedZipsViewSchema>;

/** /admin/waitlist: counts by ZIP and service, newest first. */
export const waitlistGroupSchema = z.object({
  zip: z.string(),
  place: z.nullable(z.string()),
  served: z.boolean(),
  total: z.number(),
  /** Not yet told that their ZIP opened. */
  waiting: z.number(),
  byService: z.record(serviceTypeSchema, z.number()),
  newestAt: z.string(),
  notifiedAt: z.nullable(z.string()),
});
export const waitlistSummarySchema = z.object({
  groups: z.array(waitlistGroupSchema),
  entries: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      zip: z.string(),
      serviceType: serviceTypeSchema,
      createdAt: z.string(),
      notifiedAt: z.nullable(z.string()),
    }),
  ),
});
export type WaitlistSummary = z.infer<typeof waitlistSummarySchema>;
export type WaitlistGroup = z.infer<typeof waitlistGroupSchema>;

/** POST /api/admin/waitlist/:zip/notify — the ZIP must be served first. */
export const waitlistNotifiedSchema = z.object({ message: z.string(), sent: z.number() });

/** The owner's save: the new list, and what it added and removed (for the page to say so). */
export const servedZipsSavedSchema = z.extend(servedZipsViewSchema, {
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
export type ServedZipsSaved = z.infer<typeof servedZipsSavedSchema>;

/** /admin/waitlist and its CSV: one ZIP, one service, or both. */
export const waitlistQuerySchema = z.object({
  zip: z.optional(zipField()),
  serviceType: z.optional(serviceTypeSchema),
});
export type WaitlistQuery = z.output<typeof waitlistQuerySchema>;

/** "Add 55802 to the service area first": its waitlist is e-mailed once the ZIP is served. */
export const notServedYetMessage = (zip: string) => `Add ${zip} to the service area first`;
