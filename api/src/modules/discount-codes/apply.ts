import { discountCentsFor } from '@twinclean/shared/discount-codes';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { DiscountCode, DiscountRedemption } from '../../models/discount-code';
import type { CodeUser } from './eligibility';
import { claimCode, recordRedemption } from './redeem';
import { ruleOf } from './rule';

export type Price = { totalAmountCents: number; depositAmountCents: number };
export type Discounted = Price & {
  discountCents: number;
  /** Records the use once the booking exists (nothing to do without a code). */
  record: (booking: { id: string }) => Promise<void>;
};

/**
 * A booking's price with its discount code, in the booking's transaction: the code's use is
 * claimed, the total lowered by what it takes off, and the deposit recomputed on what is left
 * (`depositFor`, the service's own rule), so the balance follows. Without a code, the price as is.
 */
export async function withDiscount(
  trx: Knex.Transaction,
  input: CodeUser & { code: string; serviceType: ServiceType; now: Date },
  price: Price,
  depositFor: (totalCents: number) => number,
): Promise<Discounted> {
  if (!input.code) return { ...price, discountCents: 0, record: async () => {} };
  const claimed = await claimCode(trx, input);
  const discountCents = discountCentsFor(claimed.rule, price.totalAmountCents);
  const totalAmountCents = price.totalAmountCents - discountCents;
  return {
    totalAmountCents,
    depositAmountCents: Math.min(totalAmountCents, depositFor(totalAmountCents)),
    discountCents,
    record: (booking) =>
      recordRedemption(trx, claimed, {
        id: booking.id,
        clientEmail: input.email,
        clientId: input.clientId,
        discountCents,
      }),
  };
}

/**
 * What the booking's code takes off `priceCents`, when its price is set again (a carpet or rug
 * price confirmed after pickup): a percent of the new price, a fixed sum up to it. The
 * redemption then records the new amount; 0 for a booking booked without a code.
 */
export async function discountAtPrice(
  trx: Knex.Transaction,
  bookingId: string,
  priceCents: number,
  { record }: { record: boolean },
): Promise<number> {
  const redemption = await DiscountRedemption.query(trx).findOne({ bookingId });
  if (!redemption) return 0;
  const code = await DiscountCode.query(trx).findById(redemption.codeId).throwIfNotFound();
  const cents = discountCentsFor(ruleOf(code), priceCents);
  if (record) await redemption.$query(trx).patch({ discountCents: cents });
  return cents;
}
