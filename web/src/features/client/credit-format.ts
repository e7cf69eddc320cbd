import { dollarsToCents, formatDollars, formatShortDollars } from '@twinclean/shared/money';
import type { ClientCredits } from '@twinclean/shared/referrals';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

type Referral = ClientCredits['referrals'][number];

/** A ledger entry's amount with its sign: "+$20.00" earned, "−$20.00" spent. */
export function signedDollars(amount: string): string {
  const cents = dollarsToCents(amount);
  return `${cents < 0 ? '−' : '+'}${formatDollars(Math.abs(cents))}`;
}

/** "$20" in running text (a ledger's figures keep their cents). */
const short = (dollars: string) => formatShortDollars(dollarsToCents(dollars));

/**
 * What each side of a referral gets, as Pricing Config says now; a side set to $0 is not
 * mentioned (no one is promised "$0 off"), and with both at $0 there is nothing to say.
 */
export function shareTerms(friendCredit: string, yourCredit: string): string | null {
  const friend = dollarsToCents(friendCredit) > 0;
  const you = dollarsToCents(yourCredit) > 0;
  if (friend && you) {
    return `Friends who book through your link get ${short(friendCredit)} off their first cleaning; you get ${short(yourCredit)} once it is done.`;
  }
  if (friend) {
    return `Friends who book through your link get ${short(friendCredit)} off their first cleaning.`;
  }
  if (you) {
    return `When a friend books through your link, you get ${short(yourCredit)} once their first cleaning is done.`;
  }
  return null;
}

/** Where a friend's referral stands, in the client's words, and its badge's tone. */
export function referralStanding(
  referral: Referral,
  yourCredit: string,
): { label: string; tone: BadgeTone; note: string | null } {
  if (referral.status === 'credited') {
    return { label: 'Credited', tone: 'success', note: null };
  }
  if (referral.status === 'refused') {
    return { label: 'No credit', tone: 'neutral', note: referral.refusedReason };
  }
  return {
    label: 'Waiting',
    tone: 'brand',
    note:
      dollarsToCents(yourCredit) > 0
        ? `You get ${short(yourCredit)} once their first visit is done.`
        : null,
  };
}
