import { centsToDollars } from '@twinclean/shared/money';
import {
  type ClientCredits,
  REFERRAL_PARAM,
  REFERRAL_REFUSALS,
  type ReferralRefusal,
} from '@twinclean/shared/referrals';
import type { Knex } from 'knex';
import { loadPricing } from '../../core/pricing';
import { CreditEntry, Referral } from '../../models/credit';
import { User } from '../../models/user';
import { hadBooking, referralCodeOf } from './referrals';

/** Where a referral stands: refused under a rule, the referrer credited, or waiting for the visit. */
export const referralStatus = (r: Pick<Referral, 'refusedReason' | 'referrerCreditedAt'>) =>
  r.refusedReason ? 'refused' : r.referrerCreditedAt ? 'credited' : 'waiting';

/** A refusal in the words clients read (an unknown one as stored). */
export const refusalText = (reason: string | null): string | null =>
  reason === null ? null : (REFERRAL_REFUSALS[reason as ReferralRefusal] ?? reason);

/**
 * Whether the client's next booking may still earn a referral's welcome credit: as at booking
 * (referrals.ts), no booking of theirs that was not canceled and no referral made them a friend.
 */
async function firstBooking(db: Knex, clientId: string): Promise<boolean> {
  if (await Referral.query(db).findOne({ referredId: clientId })) return false;
  const client = await User.query(db).findById(clientId).select('id', 'email').throwIfNotFound();
  return !(await hadBooking(db, client, client.email));
}

/**
 * GET /api/client/credits: the client's referral link (its code made on first ask), what each
 * side of a referral gets now, their balance and ledger, and the friends they referred, known
 * by first name only.
 */
export async function clientCredits(
  db: Knex,
  siteUrl: string,
  clientId: string,
): Promise<ClientCredits> {
  const code = await referralCodeOf(db, clientId);
  const pricing = await loadPricing(db);
  // A booking's welcome credit and its spending share the transaction's timestamp: of two
  // entries at one instant the spending (the negative) came second, so it is listed first.
  const entries = await CreditEntry.query(db)
    .where({ clientId })
    .orderBy('createdAt', 'desc')
    .orderBy('amountCents', 'asc')
    .orderBy('id');
  const referrals = await Referral.query(db)
    .where({ referrerId: clientId })
    .orderBy('createdAt', 'desc')
    .orderBy('id');
  const friends = referrals.length
    ? await User.query(db)
        .findByIds(referrals.map((r) => r.referredId))
        .select('id', 'firstName')
    : [];
  const firstName = new Map(friends.map((f) => [f.id, f.firstName]));
  return {
    firstBooking: await firstBooking(db, clientId),
    referralCode: code,
    referralLink: `${siteUrl}/book?${REFERRAL_PARAM}=${code}`,
    friendCredit: centsToDollars(pricing.referralCreditCents),
    yourCredit: centsToDollars(pricing.referrerCreditCents),
    balance: centsToDollars(entries.reduce((sum, e) => sum + e.amountCents, 0)),
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: centsToDollars(e.amountCents),
      bookingId: e.bookingId,
      createdAt: e.createdAt.toISOString(),
    })),
    referrals: referrals.map((r) => ({
      firstName: firstName.get(r.referredId) ?? '',
      status: referralStatus(r),
      refusedReason: refusalText(r.refusedReason),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
