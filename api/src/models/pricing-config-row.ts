import { BaseModel } from './base-model';

/** The single row (id 1) of pricing_config; shared/src/pricing.ts parses it for the rules. */
export class PricingConfigRow extends BaseModel {
  static override tableName = 'pricing_config';

  declare id: 1;
  declare hourlyRateCents: number;
  declare subscriberHourlyRateCents: number;
  declare standardPlanCents: number;
  declare seniorPlanCents: number;
  declare greenCleaningFeeCents: number;
  declare carpetBedroomCents: number;
  declare carpetLivingRoomCents: number;
  declare carpetStaircaseCents: number;
  declare laundryLoadCents: number;
  declare dryCleaningMinimumCents: number;
  declare dryCleaningItemCents: Record<string, number>;
  declare depositPercent: number;
  declare lateCancelFeePercent: number;
  declare providerHourlyRateCents: number;
  declare providerSharePercent: number;
  declare maxWaitPayCents: number;
  declare subscriptionEarlyCancelFeeCents: number;
  declare subscriptionMinimumMonths: number;
  /** How long VIP providers see an auction-board job alone. */
  declare vipAccessMinutes: number;
  declare finalPriceMinPercent: number;
  declare finalPriceMaxPercent: number;
  declare seriesWeeklyDiscountPercent: number;
  declare seriesBiweeklyDiscountPercent: number;
  declare seriesFourWeeklyDiscountPercent: number;
  declare payoutWeekday: number;
  declare payoutHour: number;
  declare necThresholdCents: number;
  declare referralCreditCents: number;
  declare referrerCreditCents: number;
  /** The pricing_versions row this row holds; a save moves both on together. */
  declare version: number;
  declare updatedBy: string | null;
  declare updatedAt: Date;
}
