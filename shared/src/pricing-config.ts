import * as z from 'zod/mini';
import { dryCleaningItemIdSchema } from './services';

// The pricing config every price is computed from: its row's shape and a new database's values.

const cents = z.number().check(z.int(), z.nonnegative());
const percent = z.number().check(z.int(), z.gte(0), z.lte(100));

/** The one pricing config row (DECISIONS.md "Prices and fees"), in integer cents. */
export const pricingConfigSchema = z.object({
  hourlyRateCents: cents,
  subscriberHourlyRateCents: cents,
  standardPlanCents: cents,
  seniorPlanCents: cents,
  greenCleaningFeeCents: cents,
  carpetBedroomCents: cents,
  carpetLivingRoomCents: cents,
  carpetStaircaseCents: cents,
  laundryLoadCents: cents,
  dryCleaningMinimumCents: cents,
  /** Per-item prices of the dry cleaning & rug list (DECISIONS.md "Special services"). */
  dryCleaningItemCents: z.record(dryCleaningItemIdSchema, cents),
  depositPercent: percent,
  lateCancelFeePercent: percent,
  providerHourlyRateCents: cents,
  /** A provider's share of a fixed-price service's total (carpet, laundry, dry cleaning). */
  providerSharePercent: percent,
  maxWaitPayCents: cents,
  subscriptionEarlyCancelFeeCents: cents,
  subscriptionMinimumMonths: z.number().check(z.int(), z.positive()),
  /** How long VIP providers see an auction-board job alone (DECISIONS.md "Admin operations"). */
  vipAccessMinutes: z.number().check(z.int(), z.gte(0), z.lte(720)),
  /**
   * A carpet or rug price confirmed within these percents of the estimate takes effect at once;
   * outside them it waits for the client's approval (DECISIONS.md "Final price consent").
   */
  finalPriceMinPercent: z.number().check(z.int(), z.gte(0), z.lte(100)),
  finalPriceMaxPercent: z.number().check(z.int(), z.gte(100), z.lte(1000)),
  /** Off a recurring visit's base price for pay-as-you-go clients (DECISIONS.md "Recurring visits"). */
  seriesWeeklyDiscountPercent: percent,
  seriesBiweeklyDiscountPercent: percent,
  seriesFourWeeklyDiscountPercent: percent,
  /** When the weekly transfers go (DECISIONS.md "Payouts"): ISO weekday, 1 = Monday, and hour, America/Chicago. */
  payoutWeekday: z.number().check(z.int(), z.gte(1), z.lte(7)),
  payoutHour: z.number().check(z.int(), z.gte(0), z.lte(23)),
  /** The 1099-NEC threshold for payments from 2026 on (NEC_THRESHOLD_BEFORE_2026_CENTS before). */
  necThresholdCents: cents,
  /** Referral credit (DECISIONS.md "Service area and promotions"): the new client's, off their first visit. */
  referralCreditCents: cents,
  /** The referrer's, once that visit is completed. */
  referrerCreditCents: cents,
});
export type PricingConfig = z.infer<typeof pricingConfigSchema>;

/** DECISIONS.md "Prices and fees": what a new database starts with. */
export const defaultPricingConfig: PricingConfig = {
  hourlyRateCents: 4500,
  subscriberHourlyRateCents: 2500,
  standardPlanCents: 9999,
  seniorPlanCents: 5000,
  greenCleaningFeeCents: 2000,
  carpetBedroomCents: 7500,
  carpetLivingRoomCents: 7500,
  carpetStaircaseCents: 2500,
  laundryLoadCents: 3500,
  dryCleaningMinimumCents: 5000,
  dryCleaningItemCents: {
    shirt: 600,
    pants: 800,
    suit_jacket: 1200,
    dress: 1400,
    suit_2piece: 2000,
    coat: 1800,
    sweater: 800,
    tie: 500,
    bedding: 3000,
    rug_small: 5000,
    rug_medium: 8000,
    rug_large: 12000,
    rug_persian: 15000,
  },
  depositPercent: 40,
  lateCancelFeePercent: 40,
  providerHourlyRateCents: 2500,
  providerSharePercent: 60,
  maxWaitPayCents: 10000,
  subscriptionEarlyCancelFeeCents: 10000,
  subscriptionMinimumMonths: 3,
  vipAccessMinutes: 120,
  finalPriceMinPercent: 75,
  finalPriceMaxPercent: 125,
  seriesWeeklyDiscountPercent: 15,
  seriesBiweeklyDiscountPercent: 10,
  seriesFourWeeklyDiscountPercent: 5,
  payoutWeekday: 1,
  payoutHour: 8,
  necThresholdCents: 200000,
  referralCreditCents: 2000,
  referrerCreditCents: 2000,
};
