import type { PricingConfig } from '@twinclean/shared/pricing-config';
import type { Knex } from 'knex';
import { Booking } from '../../models/booking';
import { CreditEntry } from '../../models/credit';
import type { Price } from '../discount-codes/apply';
import { claimGiftCard, recordSpend, releaseGiftCard } from '../gift-cards/redeem';
import { lockCredits, releaseCredit, spendCredit } from './ledger';
import { referralAtBooking } from './referrals';

export type PrepaidInput = {
  clientId: string | null;
  email: string;
  giftCardCode: string;
  referralCode: string;
  address: string;
  zipCode: string;
};

export type Prepaid = Price & {
  creditCents: number;
  giftCardCents: number;
  referralMessage: string | null;
  /** Records the spending once the booking exists. */
  record: (booking: { id: string }) => Promise<void>;
};

/**
 * A booking's price once the client's balances are spent on it (DECISIONS.md "Service area and
 * promotions": before the card is charged), in the booking's transaction after its discount:
 * a referral code's welcome credit is added first, then the client's credit is spent, then the
 * gift card typed at checkout covers what is left, partly or wholly. The deposit is recomputed
 * on what the card still pays.
 */
export async function withPrepaid(
  trx: Knex.Transaction,
  input: PrepaidInput,
  price: Price,
  depositFor: (totalCents: number) => number,
  pricing: PricingConfig,
): Promise<Prepaid> {
  const referral = await referralAtBooking(
    trx,
    {
      code: input.referralCode,
      clientId: input.clientId,
      bookingEmail: input.email,
      address: input.address,
      zipCode: input.zipCode,
    },
    pricing,
  );
  const credit = input.clientId
    ? await spendCredit(trx, input.clientId, price.totalAmountCents)
    : { cents: 0, record: async () => {} };
  const afterCredit = price.totalAmountCents - credit.cents;
  const gift = input.giftCardCode
    ? await claimGiftCard(trx, input.giftCardCode, afterCredit)
    : null;
  const giftCardCents = gift?.cents ?? 0;
  const totalAmountCents = afterCredit - giftCardCents;
  const changed = credit.cents + giftCardCents > 0;
  return {
    totalAmountCents,
    depositAmountCents: changed
      ? Math.min(totalAmountCents, depositFor(totalAmountCents))
      : price.depositAmountCents,
    creditCents: credit.cents,
    giftCardCents,
    referralMessage: referral.message,
    record: async (booking) => {
      await referral.record(booking.id);
      await credit.record(booking.id);
      if (gift) await recordSpend(trx, gift, booking.id);
    },
  };
}

/** A canceled booking gives back all the credit and gift card balance it spent. */
export async function releasePrepaid(
  trx: Knex.Transaction,
  booking: Pick<Booking, 'id' | 'clientId'>,
): Promise<void> {
  await releaseCredit(trx, booking, 0);
  await releaseGiftCard(trx, booking.id, 0);
}

/**
 * What a booking's balances cover when its price is set again at `capCents` (the price less
 * goodwill and discount): never more than before, credit kept first. With `record`, what no
 * longer fits goes back to the client's ledger and the gift card.
 */
export async function prepaidAtPrice(
  trx: Knex.Transaction,
  booking: Pick<Booking, 'id' | 'clientId' | 'creditCents' | 'giftCardCents'>,
  capCents: number,
  { record }: { record: boolean },
): Promise<{ creditCents: number; giftCardCents: number }> {
  const creditCents = Math.max(0, Math.min(booking.creditCents, capCents));
  const giftCardCents = Math.max(0, Math.min(booking.giftCardCents, capCents - creditCents));
  if (record) {
    if (creditCents < booking.creditCents) await releaseCredit(trx, booking, creditCents);
    if (giftCardCents < booking.giftCardCents) {
      await releaseGiftCard(trx, booking.id, giftCardCents);
    }
  }
  return { creditCents, giftCardCents };
}

/**
 * A recurring or member visit charged to the saved card 12 h before it: the client's credit is
 * spent first on `owedCents` (what the card would be charged), lowering the booking's total, in
 * `trx` under their lock; answers the booking as it now stands. Once per visit: a visit that
 * has spent credit already (at booking, or through a worker that died before its charge) spends
 * no more, so a takeover charges the same lowered amount under the same idempotency key.
 */
export async function spendCreditOnVisit(
  trx: Knex.Transaction,
  booking: Booking,
  owedCents: number,
): Promise<Booking> {
  if (!booking.clientId) return booking;
  await lockCredits(trx, booking.clientId);
  const spentBefore = await CreditEntry.query(trx)
    .where({ bookingId: booking.id, kind: 'booking' })
    .first();
  if (spentBefore) return booking;
  const credit = await spendCredit(trx, booking.clientId, owedCents);
  if (credit.cents === 0) return booking;
  await credit.record(booking.id);
  const totalAmountCents = booking.totalAmountCents - credit.cents;
  return Booking.query(trx)
    .patchAndFetchById(booking.id, {
      creditCents: booking.creditCents + credit.cents,
      totalAmountCents,
      depositAmountCents: Math.min(booking.depositAmountCents, totalAmountCents),
    })
    .throwIfNotFound();
}
