import { randomInt } from 'node:crypto';
import { formatDollars } from '@twinclean/shared/money';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { REFERRAL_REFUSALS, type ReferralRefusal } from '@twinclean/shared/referrals';
import type { Knex } from 'knex';
import { Booking } from '../../models/booking';
import { CreditEntry, Referral, ReferralLink } from '../../models/credit';
import { User } from '../../models/user';
import { bookingFarming, sameCard } from './farming';
import { lockCredits } from './ledger';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The client's referral code, made the first time it is asked for (two asks at once: one code). */
export async function referralCodeOf(db: Knex, userId: string): Promise<string> {
  const known = await ReferralLink.query(db).findById(userId);
  if (known) return known.code;
  for (;;) {
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(32)]).join('');
    const taken = await ReferralLink.query(db).findOne({ code });
    if (taken) continue;
    await ReferralLink.query(db).insert({ userId, code }).onConflict('userId').ignore();
    return (await ReferralLink.query(db).findById(userId).throwIfNotFound()).code;
  }
}

export type ReferralAtBooking = {
  /** Told to the client with their booking: the credit added, or why not; null without a code. */
  message: string | null;
  /** Names the booking on the referral it made (none when it made none). */
  record: (bookingId: string) => Promise<void>;
};

const said = (message: string | null): ReferralAtBooking => ({ message, record: async () => {} });

/**
 * What a booking's referral code earns, in the booking's transaction and before its credit is
 * spent: a new client's first booking through another client's link makes a referral (one per
 * referred client, under their credit lock) and puts the welcome credit on their ledger, which
 * this very booking then spends. A booking that breaks a farming rule is still taken; its
 * referral is kept as refused, with the rule, for the owner to see.
 */
export async function referralAtBooking(
  trx: Knex.Transaction,
  input: {
    code: string;
    clientId: string | null;
    bookingEmail: string;
    address: string;
    zipCode: string;
  },
  pricing: PricingConfig,
): Promise<ReferralAtBooking> {
  if (!input.code) return said(null);
  const link = await ReferralLink.query(trx).findOne({ code: input.code });
  const referrer = link ? await User.query(trx).findById(link.userId) : undefined;
  if (referrer?.role !== 'client' || referrer.deactivatedAt) {
    return said(REFERRAL_REFUSALS.unknown);
  }
  if (!input.clientId) return said(REFERRAL_REFUSALS.guest);
  if (referrer.id === input.clientId) return said(REFERRAL_REFUSALS.own_link);
  await lockCredits(trx, input.clientId);
  if (await Referral.query(trx).findOne({ referredId: input.clientId })) {
    return said(REFERRAL_REFUSALS.not_first);
  }
  const client = await User.query(trx).findById(input.clientId).throwIfNotFound();
  const refusal: ReferralRefusal | null = (await hadBooking(trx, client, input.bookingEmail))
    ? 'not_first'
    : await bookingFarming(trx, referrer, {
        email: client.email,
        bookingEmail: input.bookingEmail,
        address: input.address,
        zipCode: input.zipCode,
      });
  const referral = await Referral.query(trx)
    .insert({ referrerId: referrer.id, referredId: client.id, refusedReason: refusal })
    .returning('*');
  const welcome = pricing.referralCreditCents;
  if (!refusal && welcome > 0) {
    await CreditEntry.query(trx).insert({
      clientId: client.id,
      amountCents: welcome,
      kind: 'referral_welcome',
      referralId: referral.id,
    });
  }
  return {
    // With the welcome credit set to $0 (Pricing Config), there is nothing to announce.
    message: refusal
      ? REFERRAL_REFUSALS[refusal]
      : welcome > 0
        ? `${formatDollars(welcome)} referral credit from ${referrer.firstName} is yours`
        : null,
    record: async (bookingId) => {
      await Referral.query(trx).findById(referral.id).patch({ bookingId });
    },
  };
}

/**
 * A booking the client had before, under their account or the e-mail they book with; one that
 * was canceled does not count, as for a discount code's first booking.
 */
export async function hadBooking(
  db: Knex,
  client: Pick<User, 'id' | 'email'>,
  bookingEmail: string,
): Promise<boolean> {
  const earlier = await Booking.query(db)
    .where((q) =>
      q.where('clientId', client.id).orWhereIn('clientEmail', [client.email, bookingEmail]),
    )
    .whereNull('canceledAt')
    .select('id')
    .first();
  return Boolean(earlier);
}

/**
 * The referrer's credit, once the referred client's visit is completed (called in the clock-out's
 * transaction): given once per referral (the referral's row is locked and a unique index holds
 * one reward entry), unless both clients saved the same card, which refuses it.
 */
export async function rewardReferrer(
  trx: Knex.Transaction,
  booking: { id: string; clientId: string | null },
  pricing: PricingConfig,
  now: Date,
): Promise<void> {
  if (!booking.clientId) return;
  const referral = await Referral.query(trx)
    .findOne({ referredId: booking.clientId })
    .whereNull('refusedReason')
    .whereNull('referrerCreditedAt')
    .forUpdate();
  if (!referral) return;
  if (await sameCard(trx, referral.referrerId, referral.referredId)) {
    await referral.$query(trx).patch({ refusedReason: 'same_card' });
    return;
  }
  await referral.$query(trx).patch({
    referrerCreditedAt: now,
    bookingId: referral.bookingId ?? booking.id,
  });
  if (pricing.referrerCreditCents <= 0) return;
  await lockCredits(trx, referral.referrerId);
  await CreditEntry.query(trx).insert({
    clientId: referral.referrerId,
    amountCents: pricing.referrerCreditCents,
    kind: 'referral_reward',
    referralId: referral.id,
  });
}
