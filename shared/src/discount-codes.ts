import * as z from 'zod/mini';
import { discountCodeField } from './bookings';
import { dollarsToCents, formatShortDollars } from './money';
import { type ServiceType, serviceTitle, serviceTypeSchema } from './services';

// Discount codes (issue 34, DECISIONS.md "Service area and promotions"): the owner creates them,
// a client types one at checkout, and the server alone prices it.

export const DISCOUNT_CODE_MESSAGES = {
  unknown: "That code isn't valid",
  notYet: "This code isn't active yet",
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
  usedByYou: "You've already used this code",
  firstBookingOnly: 'This code is for a first booking only',
} as const;

export const notForServiceMessage = (serviceType: ServiceType) =>
  `This code doesn't apply to ${serviceTitle(serviceType)}`;

const CODE_SHAPE = /^[A-Z0-9-]{3,20}$/;
export const CODE_SHAPE_MESSAGE = 'Use 3 to 20 letters, digits or dashes';

/** POST /api/discount-codes/check: the forms ask before showing the discounted price. */
export const discountCheckSchema = z.object({
  code: discountCodeField(),
  serviceType: serviceTypeSchema,
});

/** What a usable code takes off: one of the two, and its words ("25% off", "$20 off"). */
export const discountTermsSchema = z.object({
  code: z.string(),
  percentOff: z.nullable(z.number()),
  amountOff: z.nullable(z.string()),
  description: z.string(),
});
export type DiscountTerms = z.infer<typeof discountTermsSchema>;

export type DiscountRule =
  | { kind: 'percent'; percentOff: number; amountOffCents: null }
  | { kind: 'fixed'; percentOff: null; amountOffCents: number };

/** The rule a preview's terms stand for (the forms' estimate; the server uses the code's row). */
export const ruleOfTerms = (terms: DiscountTerms): DiscountRule =>
  terms.percentOff !== null
    ? { kind: 'percent', percentOff: terms.percentOff, amountOffCents: null }
    : {
        kind: 'fixed',
        percentOff: null,
        amountOffCents: dollarsToCents(terms.amountOff ?? '0.00'),
      };

/** What a code takes off a price: a percent rounded to the cent, a fixed sum up to the price. */
export function discountCentsFor(rule: DiscountRule, priceCents: number): number {
  if (priceCents <= 0) return 0;
  if (rule.kind === 'percent') return Math.round((priceCents * rule.percentOff) / 100);
  return Math.min(rule.amountOffCents, priceCents);
}

export const discountDescription = (rule: DiscountRule): string =>
  rule.kind === 'percent'
    ? `${rule.percentOff}% off`
    : `${formatShortDollars(rule.amountOffCents)} off`;

const wholeCount = (label: string) =>
  z.nullable(
    z
      .number(`${label} must be a number`)
      .check(
        z.int(`${label} must be a whole number`),
        z.gte(1, `${label} must be at least 1`),
        z.lte(1_000_000, `${label} is too large`),
      ),
  );
const day = (label: string) =>
  z.union([
    z.literal(''),
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)),
  ]);

/** The owner's new code. */
export const discountCodeFormSchema = z
  .object({
    code: discountCodeField().check(z.regex(CODE_SHAPE, CODE_SHAPE_MESSAGE)),
    kind: z.enum(['percent', 'fixed']),
    percentOff: z.nullable(
      z
        .number('Percent off must be a number')
        .check(
          z.int('Percent off must be a whole number'),
          z.gte(1, 'Percent off must be 1 to 100'),
          z.lte(100, 'Percent off must be 1 to 100'),
        ),
    ),
    /** Dollars, "20.00". */
    amountOff: z.nullable(
      z.string().check(z.regex(/^\d{1,5}\.\d{2}$/, 'Amount off must be dollars, like 20.00')),
    ),
    serviceTypes: z.array(serviceTypeSchema).check(z.maxLength(4)),
    firstBookingOnly: z.boolean(),
    startsOn: day('Starts on'),
    endsOn: day('Ends on'),
    maxUses: wholeCount('Total uses'),
    maxUsesPerClient: wholeCount('Uses per client'),
  })
  .check(
    z.refine((f) => f.kind !== 'percent' || f.percentOff !== null, {
      message: 'Percent off is required',
      path: ['percentOff'],
    }),
    z.refine((f) => f.kind !== 'fixed' || (f.amountOff !== null && f.amountOff !== '0.00'), {
      message: 'Amount off is required',
      path: ['amountOff'],
    }),
    z.refine((f) => !f.startsOn || !f.endsOn || f.startsOn <= f.endsOn, {
      message: 'Ends on must not be before starts on',
      path: ['endsOn'],
    }),
  );
export type DiscountCodeForm = z.input<typeof discountCodeFormSchema>;

/** The owner's change to a code in use: its terms stay, its reach can change. */
export const discountCodePatchSchema = z.object({
  active: z.optional(z.boolean()),
  endsOn: z.optional(day('Ends on')),
  maxUses: z.optional(wholeCount('Total uses')),
});

export const discountCodeViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.nullable(z.number()),
  amountOff: z.nullable(z.string()),
  serviceTypes: z.array(serviceTypeSchema),
  firstBookingOnly: z.boolean(),
  startsOn: z.nullable(z.string()),
  endsOn: z.nullable(z.string()),
  maxUses: z.nullable(z.number()),
  maxUsesPerClient: z.nullable(z.number()),
  uses: z.number(),
  active: z.boolean(),
  /** What its uses took off, in all. */
  discountGiven: z.string(),
  createdAt: z.string(),
});
export type DiscountCodeView = z.infer<typeof discountCodeViewSchema>;
