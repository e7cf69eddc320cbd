import { TIP_PERCENTS, type TipRequest, tipAmountSchema } from '@twinclean/shared/tips';
import * as z from 'zod/mini';

// The tip panel's form: one of the offered percents, or "Other amount" with the amount typed.
// The amount's rule is the shared tipAmountSchema (the API checks the same); percents are the
// shared TIP_PERCENTS.

export const OTHER = 'other';
const PERCENT_CHOICES = TIP_PERCENTS.map((p) => String(p)) as [string, ...string[]];

export const tipChoiceSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal(OTHER), amount: tipAmountSchema }),
  z.object({ choice: z.enum(PERCENT_CHOICES), amount: z.string() }),
]);
export type TipChoiceInput = z.input<typeof tipChoiceSchema>;
export type TipChoice = z.output<typeof tipChoiceSchema>;

/** The form's first values; after "Change amount" it opens with what was chosen instead. */
export const TIP_DEFAULTS: TipChoiceInput = { choice: '20', amount: '' };

/** What the API is asked for: a percent, or the amount as typed (the server computes cents). */
export const tipRequestOf = (choice: TipChoice): TipRequest =>
  choice.choice === OTHER
    ? { amount: choice.amount }
    : { percent: Number(choice.choice) as TipRequest['percent'] };
