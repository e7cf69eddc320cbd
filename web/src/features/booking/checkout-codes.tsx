import { useQuery } from '@tanstack/react-query';
import { hasCode } from '@twinclean/shared/http';
import { dollarsToCents, formatShortDollars } from '@twinclean/shared/money';
import type { ServiceType } from '@twinclean/shared/services';
import { Gift } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DiscountCodeField } from '../../components/discount-code/discount-code-field';
import { GiftCardField } from '../../components/gift-card/gift-card-field';
import { usePricing } from '../../lib/catalog';
import { clientCreditsQueryOptions } from '../../lib/credits';
import { storedReferral } from '../../lib/referral';
import { serverFields } from '../../lib/server-issues';
import { useCurrentUser } from '../../lib/session';
import { useAppliedCode } from './discount';
import { type Balances, type ReferralNoteFor, referralAtCheckout, useGiftCard } from './prepaid';

/** The booking forms' fields for issue 34's codes, which every booking payload carries. */
export type CodeField = 'discountCode' | 'giftCardCode' | 'referralCode';

/**
 * A booking form's discount code, gift card and referral code, written into the form through
 * `set`; with what the client's credit and the gift card may pay for the estimate.
 */
export function useCheckoutCodes(set: (name: CodeField, value: string) => void) {
  const user = useCurrentUser().data ?? null;
  const client = user?.role === 'client';
  const code = useAppliedCode((value) => set('discountCode', value));
  const gift = useGiftCard((value) => set('giftCardCode', value));
  // The code of the referral link the visitor came by (lib/referral.ts), sent with the booking.
  const [referral, setReferral] = useState(storedReferral);
  const write = useRef(set);
  write.current = set;
  useEffect(() => write.current('referralCode', referral), [referral]);
  // The server spends a signed-in client's credit first: the estimate shows it (a failed read
  // shows none, and the server still spends it).
  const credits = useQuery({ ...clientCreditsQueryOptions(), enabled: client });
  const pricing = usePricing().data;
  // A friend's link on a client's first booking: the server adds the welcome credit to their
  // ledger and spends it on this booking.
  const mine = client ? credits.data : undefined;
  const { welcome, note: referralNote } = referralAtCheckout(referral, user !== null, mine);
  const balances: Balances = {
    creditCents: mine ? dollarsToCents(mine.balance) : 0,
    giftCardCents: gift.balanceCents,
    welcomeCents: welcome ? (pricing?.referralCreditCents ?? 0) : 0,
  };
  /** A booking refused for a code: no longer applied, its field says why; the fields marked. */
  const showRefusal = (error: unknown): CodeField[] => {
    const fields = serverFields(error);
    if (fields.giftCardCode) {
      gift.refuse(fields.giftCardCode);
      return ['giftCardCode'];
    }
    if (hasCode(error, 'discount_code_refused')) {
      code.refuse(error.message);
      return ['discountCode'];
    }
    return [];
  };
  /** Another booking from the same page starts without the last one's codes (a spent referral's too). */
  const clear = () => {
    code.onApplied(null);
    gift.onApplied(null);
    setReferral(storedReferral());
    write.current('referralCode', storedReferral());
  };
  return { code, gift, referral, referralNote, balances, showRefusal, clear };
}

type Codes = ReturnType<typeof useCheckoutCodes>;

/**
 * "Referred by a friend": what the link the visitor came by earns. Not shown to a client who
 * has booked before or opened their own link: the server would refuse them the credit.
 */
function ReferralNote({ to }: { to: ReferralNoteFor }) {
  const pricing = usePricing().data;
  if (pricing?.referralCreditCents === 0) return null;
  const off = pricing
    ? `${formatShortDollars(pricing.referralCreditCents)} off`
    : 'referral credit';
  const here = typeof window === 'undefined' ? '/book' : window.location.pathname;
  const guest = to === 'guest';
  return (
    <p className="flex gap-2 rounded-md border border-brand-200 bg-white p-3 text-sm text-slate-700">
      <Gift className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
      <span>
        {guest
          ? `Referred by a friend: your first booking gets ${off} once you're signed in. `
          : `Referred by a friend: ${off} applies if this is your first booking.`}
        {guest && (
          <a
            href={`/login?redirect=${encodeURIComponent(here)}`}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Sign in
          </a>
        )}
      </span>
    </p>
  );
}

/** The discount code and gift card fields, side by side in a booking's summary, and the referral. */
export function CheckoutCodes({ codes, serviceType }: { codes: Codes; serviceType: ServiceType }) {
  return (
    <div className="grid gap-4">
      <DiscountCodeField
        serviceType={serviceType}
        applied={codes.code.applied}
        onApplied={codes.code.onApplied}
        refusal={codes.code.refusal}
      />
      <GiftCardField
        applied={codes.gift.applied}
        onApplied={codes.gift.onApplied}
        refusal={codes.gift.refusal}
      />
      {codes.referralNote && <ReferralNote to={codes.referralNote} />}
    </div>
  );
}
