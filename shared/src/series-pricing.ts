import type { PricingConfig } from './pricing-config';
import { isSubscriber, type SubscriptionType } from './roles';
import type { Frequency } from './series';

// DECISIONS.md "Recurring visits": the series discount, off a visit's base price for
// pay-as-you-go clients (owner-edited percents in the pricing config). pricing.ts applies it in
// the house and laundry estimates, which the wizard and the server share.

/**
 * A recurring visit's discount off its base price (not add-ons nor fees): members keep the
 * member rate and get none, and a one-time booking none.
 */
export function seriesDiscountPercent(
  config: PricingConfig,
  frequency: Frequency,
  subscription: SubscriptionType,
): number {
  if (isSubscriber(subscription)) return 0;
  switch (frequency) {
    case 'once':
      return 0;
    case 'weekly':
      return config.seriesWeeklyDiscountPercent;
    case 'biweekly':
      return config.seriesBiweeklyDiscountPercent;
    case 'every_4_weeks':
      return config.seriesFourWeeklyDiscountPercent;
  }
}

/** The series discount in cents off a base price (what a review shows as "Recurring discount"). */
export function seriesDiscountCents(
  baseCents: number,
  config: PricingConfig,
  frequency: Frequency,
  subscription: SubscriptionType,
): number {
  return Math.round((baseCents * seriesDiscountPercent(config, frequency, subscription)) / 100);
}
