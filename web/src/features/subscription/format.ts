import { formatWireDollars } from '@twinclean/shared/money';
import { cardBrandLabel } from '@twinclean/shared/payment-methods';
import { chicagoDate, formatDate } from '@twinclean/shared/schedule';
import type { SubscriptionView } from '@twinclean/shared/subscriptions';

// How the membership pages say things. Amounts arrive as dollars ("99.99"), instants as ISO.

export const money = formatWireDollars;

/** "$99.99/month". */
export const perMonth = (price: string) => `${money(price)}/month`;

/** "Jan 5, 2027": the Chicago calendar day of an instant the API sent. */
export const formatDay = (iso: string) => formatDate(chicagoDate(new Date(iso)));

type Card = NonNullable<SubscriptionView['card']>;

/** "Visa ending 4242", as the cancel dialog names the card its fee goes to. */
export const cardPhrase = (card: Card) => `${cardBrandLabel(card.brand)} ending ${card.last4}`;

/**
 * What canceling now does, said before the confirm button (DECISIONS.md "Subscriptions"): inside
 * the minimum term the fee is charged to the saved card and the membership ends today; after
 * it, the membership runs to the end of the paid month.
 */
export function cancelConsequence(subscription: SubscriptionView): string {
  const terms = subscription.cancelTerms;
  if (!terms) return 'This subscription cannot be canceled right now.';
  if (!terms.immediate)
    return `Your membership stays active until ${formatDay(terms.endsAt)}; no fee.`;
  if (terms.fee === '0.00') return 'Canceling now ends your membership today; no fee.';
  const card = subscription.card ? `your ${cardPhrase(subscription.card)}` : 'your saved card';
  return `Canceling now charges the ${money(terms.fee)} early-cancellation fee to ${card} and ends your membership today.`;
}

const STATUS_LABELS: Record<SubscriptionView['status'], string> = {
  incomplete: 'Awaiting payment',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Canceled',
};

/** The status badge's words: an active subscription that will not renew is "Ending". */
export const statusLabel = (subscription: SubscriptionView) =>
  subscription.cancelAtPeriodEnd && subscription.status !== 'canceled'
    ? 'Ending'
    : STATUS_LABELS[subscription.status];

/** A link that looks like the secondary Button (Skip for Now, Back to Dashboard). */
export const SECONDARY_LINK =
  'inline-flex h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50';
