import * as z from 'zod/mini';
import { pageNumberSchema, pageOf } from './admin-pages';
import { centsToDollars, enteredDollarsToCents, formatDollars } from './money';
import type { PricingConfig } from './pricing-config';
import { WAIT_PAY_LIMIT_CENTS } from './punches';
import { type DryCleaningItemId, dryCleaningItemIdSchema, dryCleaningItems } from './services';

// /admin/pricing (admin_owner; DECISIONS.md "Admin operations"): every price of the pricing
// config and the add-ons, as the form holds them (dollars and whole numbers as typed text). Each
// save is a new version; the form sends the version it edited, so two owners never overwrite
// each other unseen.

const DOLLARS = /^\d{1,5}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,3}$/;

/** Dollars as typed ("45", "45.5", "45.50") between two amounts in cents. */
const dollars = (label: string, minCents: number, maxCents: number) =>
  z.string(`Enter ${label.toLowerCase()}`).check(
    z.trim(),
    z.regex(DOLLARS, `${label}: enter dollars, like 45.00`),
    z.refine(
      (text) => {
        if (!DOLLARS.test(text)) return true;
        const cents = enteredDollarsToCents(text);
        return cents >= minCents && cents <= maxCents;
      },
      `${label} must be from ${formatDollars(minCents)} to ${formatDollars(maxCents)}`,
    ),
  );

/** A whole number as typed, from `min` to `max`. */
const whole = (label: string, min: number, max: number, unit: string) =>
  z.string(`Enter ${label.toLowerCase()}`).check(
    z.trim(),
    z.regex(WHOLE, `${label}: enter a whole number, like ${max === 100 ? 40 : 3}`),
    z.refine(
      (text) => !WHOLE.test(text) || (Number(text) >= min && Number(text) <= max),
      `${label} must be from ${min} to ${max}${unit}`,
    ),
  );

// Client prices start at a dollar: a free visit or plan would ask a card for $0.00, which no
// gateway takes. Fees may be waived entirely.
const PRICE = [100, 100_000] as const;
const FEE = [0, 100_000] as const;

/** The config's figures (not add-ons or items), in the form's order and words. */
export const PRICE_FIELDS = {
  hourlyRate: { label: 'Hourly rate', cents: 'hourlyRateCents', range: [100, 50_000] },
  subscriberHourlyRate: {
    label: 'Subscriber hourly rate',
    cents: 'subscriberHourlyRateCents',
    range: [100, 50_000],
  },
  greenCleaningFee: { label: 'Green cleaning fee', cents: 'greenCleaningFeeCents', range: FEE },
  standardPlan: { label: 'Standard plan', cents: 'standardPlanCents', range: [100, 500_000] },
  seniorPlan: { label: 'Senior plan', cents: 'seniorPlanCents', range: [100, 500_000] },
  subscriptionEarlyCancelFee: {
    label: 'Early-cancel fee',
    cents: 'subscriptionEarlyCancelFeeCents',
    range: [0, 500_000],
  },
  carpetBedroom: { label: 'Carpet bedroom', cents: 'carpetBedroomCents', range: PRICE },
  carpetLivingRoom: { label: 'Carpet living room', cents: 'carpetLivingRoomCents', range: PRICE },
  carpetStaircase: { label: 'Carpet staircase', cents: 'carpetStaircaseCents', range: PRICE },
  laundryLoad: { label: 'Laundry load', cents: 'laundryLoadCents', range: PRICE },
  dryCleaningMinimum: {
    label: 'Dry cleaning order minimum',
    cents: 'dryCleaningMinimumCents',
    range: FEE,
  },
  providerHourlyRate: {
    label: 'Provider hourly pay',
    cents: 'providerHourlyRateCents',
    range: [100, 50_000],
  },
  // A provider can never claim more than the clock-out accepts.
  maxWaitPay: {
    label: 'Maximum wait pay',
    cents: 'maxWaitPayCents',
    range: [0, WAIT_PAY_LIMIT_CENTS],
  },
  // DECISIONS.md "Payouts": who is marked for a 1099-NEC (payments before 2026: $600, the law's).
  necThreshold: {
    label: '1099-NEC threshold',
    cents: 'necThresholdCents',
    range: [0, 1_000_000],
  },
  // DECISIONS.md "Service area and promotions": $0 turns referral credit off.
  referralCredit: {
    label: 'Referral credit, new client',
    cents: 'referralCreditCents',
    range: [0, 50_000],
  },
  referrerCredit: {
    label: 'Referral credit, referrer',
    cents: 'referrerCreditCents',
    range: [0, 50_000],
  },
} as const satisfies Record<
  string,
  { label: string; cents: keyof PricingConfig; range: readonly [number, number] }
>;
type PriceField = keyof typeof PRICE_FIELDS;

export const COUNT_FIELDS = {
  subscriptionMinimumMonths: { label: 'Minimum months', range: [1, 24], unit: ' months' },
  depositPercent: { label: 'Deposit', range: [0, 100], unit: '%' },
  lateCancelFeePercent: { label: 'Late-cancel fee', range: [0, 100], unit: '%' },
  providerSharePercent: { label: 'Provider share', range: [0, 100], unit: '%' },
  vipAccessMinutes: { label: 'VIP access period', range: [0, 720], unit: ' minutes' },
  finalPriceMinPercent: {
    label: 'Final price, lowest without approval',
    range: [0, 100],
    unit: '%',
  },
  finalPriceMaxPercent: {
    label: 'Final price, highest without approval',
    range: [100, 1000],
    unit: '%',
  },
  // Off a recurring visit's base price for pay-as-you-go clients (members keep their rate).
  seriesWeeklyDiscountPercent: { label: 'Every week discount', range: [0, 100], unit: '%' },
  seriesBiweeklyDiscountPercent: { label: 'Every 2 weeks discount', range: [0, 100], unit: '%' },
  seriesFourWeeklyDiscountPercent: { label: 'Every 4 weeks discount', range: [0, 100], unit: '%' },
  // The weekly transfers (DECISIONS.md "Payouts"), America/Chicago.
  payoutWeekday: { label: 'Payout day (1 = Monday, 7 = Sunday)', range: [1, 7], unit: '' },
  payoutHour: { label: 'Payout hour (0–23, Chicago time)', range: [0, 23], unit: ':00' },
} as const satisfies Record<
  string,
  { label: string; range: readonly [number, number]; unit: string }
>;
type CountField = keyof typeof COUNT_FIELDS;

const itemName = (id: DryCleaningItemId) =>
  dryCleaningItems.find((item) => item.id === id)?.name ?? id;

const addOnIdSchema = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not an add-on id'));

const shape = {
  ...(Object.fromEntries(
    Object.entries(PRICE_FIELDS).map(([key, f]) => [key, dollars(f.label, f.range[0], f.range[1])]),
  ) as Record<PriceField, ReturnType<typeof dollars>>),
  ...(Object.fromEntries(
    Object.entries(COUNT_FIELDS).map(([key, f]) => [
      key,
      whole(f.label, f.range[0], f.range[1], f.unit),
    ]),
  ) as Record<CountField, ReturnType<typeof whole>>),
  /** Each dry cleaning & rug item's price, every item of the list. */
  items: z.record(dryCleaningItemIdSchema, dollars('Item price', ...PRICE)),
  /** Each add-on's price by id; the server checks the ids are exactly the add-ons it has. */
  addOns: z.record(addOnIdSchema, dollars('Add-on price', ...FEE)),
};

/** The prices as the form shows them; GET answers them, PUT takes them back. */
export const pricingValuesSchema = z.object(shape).check(
  z.refine(
    (v) =>
      !DOLLARS.test(v.hourlyRate) ||
      !DOLLARS.test(v.subscriberHourlyRate) ||
      enteredDollarsToCents(v.subscriberHourlyRate) <= enteredDollarsToCents(v.hourlyRate),
    {
      message: 'The subscriber hourly rate cannot be above the hourly rate',
      path: ['subscriberHourlyRate'],
    },
  ),
);
export type PricingValues = z.infer<typeof pricingValuesSchema>;

/** PUT /api/admin/pricing: the whole config, the version it was edited from, and a note. */
export const pricingSaveSchema = z.extend(pricingValuesSchema, {
  version: z
    .number('Send the version you edited')
    .check(z.int('The version is a whole number'), z.gte(1, 'The version is 1 or more')),
  note: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Keep the note to 200 characters'))),
});
export type PricingSave = z.infer<typeof pricingSaveSchema>;

/** The config and add-on prices in cents, as the database keeps them. */
export type PricingCents = { config: PricingConfig; addOnCents: Record<string, number> };

/** The stored prices as the form shows them. */
export function pricingValues({ config, addOnCents }: PricingCents): PricingValues {
  const money = (key: PriceField) => centsToDollars(config[PRICE_FIELDS[key].cents]);
  const count = (key: CountField) => String(config[key]);
  return {
    ...(Object.fromEntries(
      Object.keys(PRICE_FIELDS).map((k) => [k, money(k as PriceField)]),
    ) as Record<PriceField, string>),
    ...(Object.fromEntries(
      Object.keys(COUNT_FIELDS).map((k) => [k, count(k as CountField)]),
    ) as Record<CountField, string>),
    items: Object.fromEntries(
      dryCleaningItems.map(({ id }) => [id, centsToDollars(config.dryCleaningItemCents[id] ?? 0)]),
    ) as Record<DryCleaningItemId, string>,
    addOns: Object.fromEntries(
      Object.entries(addOnCents).map(([id, cents]) => [id, centsToDollars(cents)]),
    ),
  };
}

/** What the form sent, in cents (the schema has checked every text). */
export function pricingCents(values: PricingValues): PricingCents {
  const config = Object.fromEntries(
    Object.entries(PRICE_FIELDS).map(([key, f]) => [
      f.cents,
      enteredDollarsToCents(values[key as PriceField]),
    ]),
  );
  for (const key of Object.keys(COUNT_FIELDS)) config[key] = Number(values[key as CountField]);
  return {
    config: {
      ...(config as Omit<PricingConfig, 'dryCleaningItemCents'>),
      dryCleaningItemCents: Object.fromEntries(
        Object.entries(values.items).map(([id, text]) => [id, enteredDollarsToCents(text)]),
      ) as Record<DryCleaningItemId, number>,
    },
    addOnCents: Object.fromEntries(
      Object.entries(values.addOns).map(([id, text]) => [id, enteredDollarsToCents(text)]),
    ),
  };
}

export const pricingChangeSchema = z.object({
  /** The form's field: hourlyRate, items.shirt, addOns.inside-oven. */
  field: z.string(),
  label: z.string(),
  /** As a person reads it: "$45.00", "40%", "3 months"; null when the price was not kept. */
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
});
export type PricingChange = z.infer<typeof pricingChangeSchema>;

/** What differs between two sets of prices, labelled as the form labels them. */
export function pricingChanges(
  before: PricingCents,
  after: PricingCents,
  addOnNames: Record<string, string>,
): PricingChange[] {
  const money = (cents: number | undefined) => (cents === undefined ? null : formatDollars(cents));
  const changes: PricingChange[] = [];
  const compare = (field: string, label: string, from: string | null, to: string | null) => {
    if (from !== to) changes.push({ field, label, from, to });
  };
  for (const [key, f] of Object.entries(PRICE_FIELDS)) {
    compare(key, f.label, money(before.config[f.cents]), money(after.config[f.cents]));
  }
  for (const [key, f] of Object.entries(COUNT_FIELDS)) {
    const of = (c: PricingCents) => `${c.config[key as CountField]}${f.unit}`;
    compare(key, f.label, of(before), of(after));
  }
  for (const { id } of dryCleaningItems) {
    const of = (c: PricingCents) => money(c.config.dryCleaningItemCents[id]);
    compare(`items.${id}`, itemName(id), of(before), of(after));
  }
  const addOnIds = new Set([...Object.keys(before.addOnCents), ...Object.keys(after.addOnCents)]);
  for (const id of addOnIds) {
    const of = (c: PricingCents) => money(c.addOnCents[id]);
    compare(`addOns.${id}`, addOnNames[id] ?? id, of(before), of(after));
  }
  return changes;
}

const actorSchema = z.nullable(z.object({ id: z.string(), name: z.string(), email: z.string() }));

/** GET /api/admin/pricing: the live prices, their version, and the add-ons' names. */
export const adminPricingSchema = z.object({
  version: z.number(),
  savedAt: z.string(),
  savedBy: actorSchema,
  values: pricingValuesSchema,
  addOns: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
});
export type AdminPricing = z.infer<typeof adminPricingSchema>;

/** PUT's answer: the prices now, and what this save changed (none: no version was made). */
export const pricingSavedSchema = z.extend(adminPricingSchema, {
  changes: z.array(pricingChangeSchema),
});
export type PricingSaved = z.infer<typeof pricingSavedSchema>;

export const pricingVersionSchema = z.object({
  version: z.number(),
  createdAt: z.string(),
  /** Null for the first version (the defaults) and once the admin's account is gone. */
  createdBy: actorSchema,
  note: z.nullable(z.string()),
  changes: z.array(pricingChangeSchema),
});
export type PricingVersion = z.infer<typeof pricingVersionSchema>;

export const PRICING_HISTORY_PAGE_SIZE = 10;
export const pricingHistoryQuerySchema = z.object({ page: pageNumberSchema });
export type PricingHistoryQuery = z.infer<typeof pricingHistoryQuerySchema>;
export const pricingHistorySchema = pageOf(pricingVersionSchema);
export type PricingHistory = z.infer<typeof pricingHistorySchema>;

/** 409 for a save made from a version someone else has since replaced. */
export const STALE_PRICING_MESSAGE = 'Prices were changed by someone else; reload to see them.';
