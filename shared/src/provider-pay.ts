// What a provider is paid for a finished job (DECISIONS.md "Providers", "Special services"),
// beside the client prices in pricing.ts: pure, in integer cents.

import type { PricingConfig } from './pricing-config';
import { measuredHours, paidHours } from './punch-rules';
import type { ServiceType } from './services';

/** A provider's pay for a fixed-price job: their share of its total. */
export const providerShareCents = (totalAmountCents: number, sharePercent: number): number =>
  Math.round((totalAmountCents * sharePercent) / 100);

/**
 * An hourly payout's base: the paid hours (2 decimals) times the rate. Whole hundredths of an
 * hour times whole cents: rounds exactly as PostgreSQL's numeric does (the payouts row's check).
 */
export const hourlyBaseCents = (hoursPaid: number, rateCents: number): number =>
  Math.round((Math.round(hoursPaid * 100) * rateCents) / 100);

/** The pricing row's figures a provider's pay is worked out from. */
export type PayTerms = Pick<PricingConfig, 'providerHourlyRateCents' | 'providerSharePercent'>;

/**
 * A provider's pay for a finished job (DECISIONS.md "Providers", "Special services"). House
 * cleaning pays the clocked hours (2 decimals) times the rate; hours beyond the booked ones + 1
 * are measured but not paid until an admin approves them. A fixed-price service pays the
 * provider's share of the job's price, however long it took. Wait pay comes on top of either,
 * up to the pricing config's maximum as it is at clock-out (the claim itself is kept as sent).
 */
export function payoutFor(input: {
  serviceType: ServiceType;
  clockIn: Date;
  clockOut: Date;
  /** bookings.total_hours */
  bookedHours: number | null;
  /** bookings.total_amount_cents: the final price, or the estimate when none was confirmed. */
  totalAmountCents: number;
  terms: PayTerms;
  waitPayCents: number;
  maxWaitPayCents: number;
  /** An auction-board job's bonus, paid on top (DECISIONS.md "Admin operations"). */
  bonusCents?: number;
}) {
  const hoursWorked = measuredHours(input.clockIn, input.clockOut);
  const waitPayCents = Math.min(input.waitPayCents, input.maxWaitPayCents);
  const pay = (base: {
    hoursPaid: number;
    hourlyRateCents: number;
    sharePercent: number | null;
    shareOfCents: number | null;
    baseAmountCents: number;
  }) => ({
    hoursWorked,
    ...base,
    waitPayCents,
    bonusCents: input.bonusCents ?? 0,
    totalAmountCents: base.baseAmountCents + waitPayCents + (input.bonusCents ?? 0),
  });
  if (input.serviceType !== 'house') {
    const sharePercent = input.terms.providerSharePercent;
    return pay({
      hoursPaid: hoursWorked,
      hourlyRateCents: 0,
      sharePercent,
      shareOfCents: input.totalAmountCents,
      baseAmountCents: providerShareCents(input.totalAmountCents, sharePercent),
    });
  }
  const hoursPaid = paidHours(hoursWorked, input.bookedHours);
  const rate = input.terms.providerHourlyRateCents;
  return pay({
    hoursPaid,
    hourlyRateCents: rate,
    sharePercent: null,
    shareOfCents: null,
    baseAmountCents: hourlyBaseCents(hoursPaid, rate),
  });
}
