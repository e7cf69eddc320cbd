import { formatDollars, formatShortDollars as whole } from '@twinclean/shared/money';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { usePricing } from '../../lib/catalog';

const RUGS = ['rug_small', 'rug_medium', 'rug_large', 'rug_persian'] as const;

/** Every price the marketing pages print, from the pricing config (DECISIONS.md: one source). */
export function priceTexts(p: PricingConfig) {
  return {
    hourly: whole(p.hourlyRateCents),
    memberHourly: whole(p.subscriberHourlyRateCents),
    saving: whole(p.hourlyRateCents - p.subscriberHourlyRateCents),
    savingPercent: Math.round((1 - p.subscriberHourlyRateCents / p.hourlyRateCents) * 100),
    threeHours: whole(3 * p.hourlyRateCents),
    threeHoursMember: whole(3 * p.subscriberHourlyRateCents),
    standardPlan: formatDollars(p.standardPlanCents),
    seniorPlan: whole(p.seniorPlanCents),
    green: whole(p.greenCleaningFeeCents),
    carpetBedroom: whole(p.carpetBedroomCents),
    carpetLivingRoom: whole(p.carpetLivingRoomCents),
    carpetStairs: whole(p.carpetStaircaseCents),
    // The owner prices bedrooms and living rooms apart: "from" is the cheaper of the two.
    carpetRoomFrom: whole(Math.min(p.carpetBedroomCents, p.carpetLivingRoomCents)),
    laundryLoad: whole(p.laundryLoadCents),
    // The cheapest rug, but never below the order minimum an order of one rug is charged.
    rugsFrom: whole(
      Math.max(
        p.dryCleaningMinimumCents,
        Math.min(...RUGS.map((id) => p.dryCleaningItemCents[id])),
      ),
    ),
    deposit: `${p.depositPercent}%`,
    earlyCancel: whole(p.subscriptionEarlyCancelFeeCents),
    minimumMonths: p.subscriptionMinimumMonths,
    providerHourly: whole(p.providerHourlyRateCents),
  };
}
export type PriceTexts = ReturnType<typeof priceTexts>;

/** The price texts once the config has loaded (pages show a placeholder until then). */
export function usePriceTexts(): PriceTexts | undefined {
  const pricing = usePricing().data;
  return pricing ? priceTexts(pricing) : undefined;
}
