import { PUBLIC_MAIL_DOMAINS, type ReferralRefusal } from '@twinclean/shared/referrals';
import type { Knex } from 'knex';
import { Booking } from '../../models/booking';
import { Home } from '../../models/home';
import { PaymentMethod } from '../../models/payment-method';
import type { User } from '../../models/user';

// The anti-farming rules (shared/src/referrals.ts REFERRAL_REFUSALS): a referral earns nothing
// between the same mailbox, the same private e-mail domain, the same home, or the same card.

/** A mailbox as delivered: lower-case, "+tag" dropped, and Gmail's dots too. */
export function mailbox(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const bare = local.split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? bare.replaceAll('.', '') : bare}@${gmail ? 'gmail.com' : domain}`;
}

const domainOf = (email: string) => email.toLowerCase().split('@')[1] ?? '';

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  boulevard: 'blvd',
  court: 'ct',
  place: 'pl',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
};

/** Words that only introduce a unit's number: "Apt 4", "Unit 4", "Suite 4" and "#4" are one home. */
const UNIT_WORDS = new Set(['apt', 'apartment', 'unit', 'suite', 'ste']);

/** A street address and ZIP as one key: "123 Main Street, Apt 4" and "123 main st #4" match. */
export function addressKey(address: string, zipCode: string): string {
  const words = address
    .toLowerCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !UNIT_WORDS.has(w))
    .map((w) => STREET_WORDS[w] ?? w);
  return `${words.join(' ')}|${zipCode.trim()}`;
}

/** The rule a new client's booking breaks against their referrer's; null when none. */
export async function bookingFarming(
  db: Knex,
  referrer: User,
  referred: { email: string; bookingEmail: string; address: string; zipCode: string },
): Promise<ReferralRefusal | null> {
  const theirs = [referred.email, referred.bookingEmail];
  if (theirs.some((e) => mailbox(e) === mailbox(referrer.email))) return 'same_email';
  const domain = domainOf(referrer.email);
  const isPublic = (PUBLIC_MAIL_DOMAINS as readonly string[]).includes(domain);
  if (!isPublic && theirs.some((e) => domainOf(e) === domain)) return 'same_email_domain';
  const key = addressKey(referred.address, referred.zipCode);
  const homes = await Home.query(db).where({ clientId: referrer.id }).select('address', 'zipCode');
  const booked = await Booking.query(db)
    .where({ clientId: referrer.id })
    .select('address', 'zipCode');
  if ([...homes, ...booked].some((h) => addressKey(h.address, h.zipCode) === key)) {
    return 'same_address';
  }
  return null;
}

/**
 * The same card saved by both (brand, last four and expiry: what the gateway lets us keep),
 * checked when the referrer's credit falls due, as the new client has saved theirs by then.
 */
export async function sameCard(db: Knex, referrerId: string, referredId: string): Promise<boolean> {
  const cards = await PaymentMethod.query(db)
    .whereIn('userId', [referrerId, referredId])
    .select('userId', 'brand', 'last4', 'expMonth', 'expYear');
  const key = (c: PaymentMethod) => `${c.brand}|${c.last4}|${c.expMonth}|${c.expYear}`;
  const referrers = new Set(cards.filter((c) => c.userId === referrerId).map(key));
  return cards.some((c) => c.userId === referredId && referrers.has(key(c)));
}
