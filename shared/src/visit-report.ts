import * as z from 'zod/mini';
import { visitChecklistSchema } from './checklists';
import { dollarsSchema } from './money';
import { tipOfferSchema } from './tips';

// The proof-of-visit report (issue 32): the client's booking page after clock-out, the signed
// link in the completion e-mail (/visit-report/{token}, no sign-in, 30 days from clock-out),
// the admin booking page and a one-page PDF all show this.

/** A link made at clock-out works this long. */
export const VISIT_REPORT_LINK_DAYS = 30;

const punchFact = z.object({
  at: z.string(),
  geofenceVerified: z.boolean(),
  /** Metres from the home; null without a location. */
  distanceM: z.nullable(z.number()),
  /** Why it is not verified, in words ("No location from the device"); null when verified. */
  unverifiedReason: z.nullable(z.string()),
});

const reportPhoto = z.object({
  id: z.string(),
  /** Where this reader may fetch it: /api/photos/{id} signed in, or under the report's token. */
  url: z.string(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  /** The checklist task it was taken for, if any. */
  checklistItemKey: z.nullable(z.string()),
});

export const visitReportSchema = z.object({
  bookingId: z.string(),
  serviceLabel: z.string(),
  scheduledAt: z.string(),
  /** Street and city, as booked. */
  address: z.string(),
  cleanerFirstName: z.nullable(z.string()),
  onMyWay: z.nullable(z.object({ at: z.string(), etaAt: z.nullable(z.string()) })),
  arrival: z.nullable(punchFact),
  departure: z.nullable(punchFact),
  /** Hours booked (house cleaning), null when the service is not by the hour. */
  bookedHours: z.nullable(z.number()),
  /** Clock-in to clock-out, in hours with two decimals. */
  workedHours: z.nullable(z.number()),
  checklist: z.nullable(visitChecklistSchema),
  /** Before and after, paired in order for side-by-side display; either side may run out. */
  photos: z.object({ before: z.array(reportPhoto), after: z.array(reportPhoto) }),
  /** The rating link while the visit can still be rated; the stars once rated. */
  rating: z.object({ url: z.nullable(z.string()), stars: z.nullable(z.number()) }),
  /** Tips given and what may be offered now (null offer: not now, e.g. not yet clocked out). */
  tips: z.object({
    given: z.array(z.object({ amount: dollarsSchema, at: z.string(), refunded: dollarsSchema })),
    offer: z.nullable(tipOfferSchema),
  }),
  /** The printable one-page PDF for this reader. */
  pdfUrl: z.string(),
  /** A link's last day (token readers only); null when signed in. */
  linkExpiresAt: z.nullable(z.string()),
});
export type VisitReport = z.infer<typeof visitReportSchema>;
