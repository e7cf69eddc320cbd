import { dollarsToCents, formatDollars, formatWireDollars } from '@twinclean/shared/money';
import { useEffect, useRef, useState } from 'react';
import type { AppliedGiftCard } from '../../components/gift-card/gift-card-field';
import type { EstimateRow } from './special-summary';

// Referral credit and gift cards at checkout (issue 34, DECISIONS.md "Service area and
// promotions"): what they pay is taken after the discount and before the card is charged, as the
// server takes it (api/src/modules/credits/prepaid.ts). The server spends them again at booking.

/**
 * What the booking may spend: the signed-in client's credit, a referral link's welcome credit
 * (added to the credit at a first booking, as the server adds it before spending) and the
 * applied gift card's balance.
 */
export type Balances = { creditCents: number; giftCardCents: number; welcomeCents?: number };

/** Who the referral note speaks to: a guest (who must sign in), or a client before a first booking. */
export type ReferralNoteFor = 'guest' | 'first';

/**
 * What a stored referral code earns at checkout, as the server will decide it: the welcome
 * credit only on a signed-in client's first booking through someone else's link (the farming
 * rules may still refuse it then). A client who booked before, or opened their own link, is
 * promised nothing; a guest is told to sign in.
 */
export function referralAtCheckout(
  referral: string,
  signedIn: boolean,
  credits: { referralCode: string; firstBooking: boolean } | undefined,
): { welcome: boolean; note: ReferralNoteFor | null } {
  if (!referral) return { welcome: false, note: null };
  if (!signedIn) return { welcome: false, note: 'guest' };
  const welcome = Boolean(credits?.firstBooking && referral !== credits.referralCode);
  return { welcome, note: welcome ? 'first' : null };
}

/**
 * The estimate's total (after any discount) with the balances spent on it: credit first, then
 * the gift card on what is left, the rest to pay by card, and the deposit on that rest. A
 * series spends them on its first visit only: its lines say so.
 */
export function withBalances(
  totalCents: number,
  balances: Balances,
  depositFor: (totalCents: number) => number,
  firstVisit = false,
) {
  const welcomeCents = balances.welcomeCents ?? 0;
  const creditCents = Math.max(0, Math.min(balances.creditCents + welcomeCents, totalCents));
  const giftCardCents = Math.max(0, Math.min(balances.giftCardCents, totalCents - creditCents));
  const payCents = totalCents - creditCents - giftCardCents;
  const spent = creditCents + giftCardCents > 0;
  const on = firstVisit ? ' (first visit)' : '';
  const rows: EstimateRow[] = [];
  if (creditCents > 0) {
    const when = [welcomeCents > 0 && 'first booking', firstVisit && 'first visit'].filter(Boolean);
    const label = when.length ? `Referral credit (${when.join(', ')})` : 'Referral credit';
    rows.push({ label, value: `−${formatDollars(creditCents)}` });
  }
  if (giftCardCents > 0) {
    rows.push({ label: `Gift card${on}`, value: `−${formatDollars(giftCardCents)}` });
  }
  return {
    creditCents,
    giftCardCents,
    payCents,
    depositCents: spent ? Math.min(payCents, depositFor(payCents)) : depositFor(totalCents),
    rows,
    /** The summary's last line once balances pay part of it. */
    payRow: spent
      ? {
          label: firstVisit ? 'First visit to pay by card' : 'To pay by card',
          value: formatDollars(payCents),
        }
      : null,
  };
}

/**
 * A summary's rows and bold last line with the balances: the total stays as a subtotal, then
 * what the balances pay, then what is left to pay by card. Unchanged when they pay nothing.
 */
export function summaryWithBalances(
  rows: readonly EstimateRow[],
  total: EstimateRow,
  paid: Pick<ReturnType<typeof withBalances>, 'rows' | 'payRow'>,
): { rows: EstimateRow[]; total: EstimateRow } {
  if (!paid.payRow) return { rows: [...rows], total };
  return { rows: [...rows, { ...total, subtotal: true }, ...paid.rows], total: paid.payRow };
}

/** What a created booking's answer says its balances did, for the confirmation. */
export type PrepaidAnswer = {
  creditAmount: string;
  giftCardAmount: string;
  referralMessage: string | null;
};

declare module '@tanstack/history' {
  interface HistoryState {
    /** A created booking's balances, for its confirmation page: never in the URL, where anyone
     * could write a link that puts other words on our page. */
    prepaid?: PrepaidAnswer;
  }
}

/** The confirmation's lines: the credit and gift card spent, and what became of a referral. */
export function prepaidFactLines(answer: PrepaidAnswer): string[] {
  const lines: string[] = [];
  if (dollarsToCents(answer.creditAmount) > 0) {
    lines.push(`Referral credit applied: ${formatWireDollars(answer.creditAmount)}`);
  }
  if (dollarsToCents(answer.giftCardAmount) > 0) {
    lines.push(`Gift card applied: ${formatWireDollars(answer.giftCardAmount)}`);
  }
  if (answer.referralMessage) lines.push(answer.referralMessage);
  return lines;
}

/**
 * The gift card a booking form sends (issue 34): applied once the server said its balance, and
 * written into the form's `giftCardCode` (through `setCode`) so the booking carries it.
 */
export function useGiftCard(setCode: (code: string) => void) {
  const [applied, setApplied] = useState<AppliedGiftCard | null>(null);
  /** The server's refusal of the card at booking (spent meanwhile…): shown at the field. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const write = useRef(setCode);
  write.current = setCode;
  // A code kept in a saved draft was not checked on this page: it is applied again, or not sent.
  useEffect(() => write.current(''), []);
  const onApplied = (card: AppliedGiftCard | null) => {
    setApplied(card);
    setRefusal(null);
    write.current(card?.code ?? '');
  };
  return {
    applied,
    onApplied,
    refusal,
    /** A booking refused for its gift card: no longer applied, and the field says why. */
    refuse: (message: string) => {
      onApplied(null);
      setRefusal(message);
    },
    balanceCents: applied ? dollarsToCents(applied.balance) : 0,
  };
}
