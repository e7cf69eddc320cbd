import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import type { ClientCredits } from '@twinclean/shared/referrals';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

type Referral = ClientCredits['referrals'][number];

/** A ledger entry's amount with its sign: "+$20.00" earned, "−$20.00" spent. */
export function signedDollars(amount: string): string {
  const cents = dollarsToCents(amount);
  return `${cents < 0 ? '−' : '+'}${formatDollars(Math.abs(cents))}`;
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
    note: `You get ${formatDollars(dollarsToCents(yourCredit))} once their first visit is done.`,
  };
}
