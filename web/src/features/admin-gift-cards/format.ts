import type { GiftCardStatus, GiftCardView } from '@twinclean/shared/gift-cards';
import { centsToDollars, dollarsToCents, formatWireDollars } from '@twinclean/shared/money';
import { formatDate, formatInstant } from '@twinclean/shared/schedule';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

// How /admin/gift-cards writes a card, its delivery, its use and the page's totals.

export const GIFT_CARD_STATUS: Record<GiftCardStatus, { label: string; tone: BadgeTone }> = {
  awaiting_payment: { label: 'Awaiting payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  void: { label: 'Void', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'danger' },
};

export const STATUS_CHOICES = Object.entries(GIFT_CARD_STATUS).map(([value, s]) => ({
  value,
  label: s.label,
}));

/** The code as the page may show it: never whole, only its last four. */
export const maskedCode = (last4: string) => `•••• ${last4}`;

/** "Delivered Dec 1, 2026, 9:00 AM", or the day it is due while it waits. */
export const deliveryText = (card: Pick<GiftCardView, 'deliverOn' | 'deliveredAt'>) =>
  card.deliveredAt
    ? `Delivered ${formatInstant(card.deliveredAt)}`
    : `Deliver on ${formatDate(card.deliverOn)}`;

type Redemption = GiftCardView['redemptions'][number];

/** "$20.00", or "$20.00 ($20.00 given back)" when its booking was canceled. */
export const redemptionText = (r: Pick<Redemption, 'amount' | 'released'>) =>
  r.released === '0.00'
    ? formatWireDollars(r.amount)
    : `${formatWireDollars(r.amount)} (${formatWireDollars(r.released)} given back)`;

/** "Not used", "1 booking", "3 bookings". */
export const usesText = (count: number) =>
  count === 0 ? 'Not used' : `${count} booking${count === 1 ? '' : 's'}`;

/**
 * Sold: the cards paid for and not refunded (a voided card's money was kept). Outstanding: what
 * paid cards may still spend.
 */
export function giftCardTotals(
  cards: readonly Pick<GiftCardView, 'amount' | 'balance' | 'status'>[],
) {
  const sold = cards.filter((c) => c.status === 'paid' || c.status === 'void');
  const live = cards.filter((c) => c.status === 'paid');
  const sum = (list: typeof cards, pick: (c: (typeof cards)[number]) => string) =>
    centsToDollars(list.reduce((total, c) => total + dollarsToCents(pick(c)), 0));
  return {
    soldCount: sold.length,
    sold: sum(sold, (c) => c.amount),
    outstandingCount: live.filter((c) => c.balance !== '0.00').length,
    outstanding: sum(live, (c) => c.balance),
  };
}

/** The page heading's id: focus lands there when a dialog's card lost its buttons. */
export const GIFT_CARDS_TITLE = 'gift-cards-title';
