import * as z from 'zod/mini';
import { e164PhoneSchema } from './phone';
import { punchSchema } from './punches';

// DECISIONS.md "Visit updates, checklists, tips": the client hears "on my way" (with an arrival
// estimate), "arrived" (clock-in) and "done" (clock-out) by the channels they chose.

/**
 * A number as typed, or "" for none. Not a union of the two: a union refused as a whole says
 * only "Invalid input", and the field must say why the number is not one (PHONE_INVALID_MESSAGE).
 */
const phoneOrNone = z.pipe(
  z.string(),
  z.transform((typed, ctx) => {
    if (typed.trim() === '') return '';
    const parsed = e164PhoneSchema.safeParse(typed);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.issues.push({ code: 'custom', message: issue.message, input: typed });
    }
    return z.NEVER;
  }),
);

/** PUT /api/client/visit-updates: the channels, and the mobile number texts go to. */
export const visitUpdateSettingsSchema = z
  .object({
    /** As typed; stored as E.164. Null or "" removes it (and texts with it). */
    phone: z.nullable(phoneOrNone),
    byEmail: z.boolean(),
    byText: z.boolean(),
  })
  .check(
    z.refine((s) => !s.byText || Boolean(s.phone), {
      message: 'Add a mobile number to get text messages',
      path: ['phone'],
    }),
  );
export type VisitUpdateSettingsInput = z.input<typeof visitUpdateSettingsSchema>;

/** GET (and the PUT's answer) /api/client/visit-updates. */
export const visitUpdateSettingsAnswerSchema = z.object({
  /** E.164, or null. */
  phone: z.nullable(z.string()),
  byEmail: z.boolean(),
  byText: z.boolean(),
  /** The number sent STOP: no texts until it sends START (said on the page). */
  textsStopped: z.boolean(),
  /** The number our texts come from (E.164), to text START to; null when we cannot say. */
  replyNumber: z.nullable(z.string()),
});
export type VisitUpdateSettings = z.infer<typeof visitUpdateSettingsAnswerSchema>;

/**
 * POST /api/provider/on-my-way/{id}, Idempotency-Key = the outbox entry's uuid: where the phone
 * was when "On my way" was tapped (any of it may be missing) and when.
 */
export const onMyWaySchema = punchSchema;
export type OnMyWayInput = z.infer<typeof onMyWaySchema>;

/** Its answer; a replay of the same key gets the first one again. */
export const onMyWayResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  bookingId: z.string(),
  occurredAt: z.string(),
  /** The arrival the client was told; null when the phone had no location. */
  etaAt: z.nullable(z.string()),
  etaMinutes: z.nullable(z.number()),
});
export type OnMyWayResult = z.infer<typeof onMyWayResultSchema>;

/** What the client is told, by template (outbound_emails.template / outbound_texts.template). */
export const VISIT_UPDATE_TEMPLATES = {
  enRoute: 'visit_en_route',
  arrived: 'visit_arrived',
  done: 'visit_done',
} as const;
