import { Link } from '@tanstack/react-router';
import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { isSubscriber, type SubscriptionType } from '@twinclean/shared/roles';
import type { CreatedSpecialBooking } from '@twinclean/shared/special-bookings';
import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { PrepaidFacts } from './prepaid-facts';

export type EstimateRow = {
  label: string;
  value: string;
  /** Sums the rows above it (set off by a rule), so they do not read as more to add. */
  subtotal?: boolean;
};

/** A live price card: its rows, the total and what the total means. */
export function EstimateCard(props: {
  title: string;
  rows: readonly EstimateRow[] | undefined;
  total: EstimateRow | undefined;
  /** Said instead of the rows while there are none (before the prices load, or no items). */
  placeholder?: string;
  children?: ReactNode;
}) {
  const { title, rows, total, children, placeholder = 'Calculating your estimate…' } = props;
  return (
    <section aria-label="Estimate" className="rounded-xl border bg-brand-50 p-5">
      <h2 className="font-semibold">{title}</h2>
      {rows && total ? (
        <dl className="mt-3 grid gap-2">
          {rows.map((row) => (
            <div
              key={row.label}
              className={`flex justify-between gap-3 text-sm ${row.subtotal ? 'border-t pt-2' : ''}`}
            >
              <dt className="text-slate-600">{row.label}</dt>
              <dd className="font-medium tabular-nums">{row.value}</dd>
            </div>
          ))}
          <div className="mt-2 flex justify-between gap-3 border-t pt-2">
            <dt className="font-semibold">{total.label}</dt>
            <dd className="text-lg font-bold tabular-nums">{total.value}</dd>
          </div>
        </dl>
      ) : (
        <p role="status" className="mt-3 text-sm text-slate-500">
          {placeholder}
        </p>
      )}
      {children && <div className="mt-3 grid gap-2 text-xs text-slate-600">{children}</div>}
    </section>
  );
}

const buttonLink = {
  primary:
    'rounded-md bg-brand-700 px-5 py-2.5 text-center font-semibold text-white hover:bg-brand-800',
  secondary: 'rounded-md border px-5 py-2.5 text-center font-medium hover:bg-slate-50',
};

export function ActionLink({
  to,
  primary,
  children,
}: {
  to: '/' | '/services' | '/client';
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonLink[primary ? 'primary' : 'secondary']}>
      {children}
    </Link>
  );
}

/**
 * The page after a booking was taken (spec 2 §8 "Booking Submitted!"). Focus moves to its
 * heading so a screen reader hears the outcome, not the silence of a vanished form.
 */
export function SuccessScreen(props: {
  booking: CreatedSpecialBooking;
  email: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-brand-700" aria-hidden />
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-4 text-3xl font-bold tracking-tight outline-none"
        >
          Booking Submitted!
        </h1>
        <p className="mt-3 text-slate-700">
          We'll assign a provider and contact you with payment details within 24 hours.
        </p>
        <p className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-sm">
          Booking reference: <strong className="font-mono break-all">{props.booking.id}</strong>
        </p>
      </div>
      <div className="mt-8 grid gap-4 rounded-xl border p-6 text-sm text-slate-700">
        <PrepaidFacts answer={props.booking} />
        {props.children}
        <p>
          A confirmation email is on its way to <strong>{props.email}</strong>.
        </p>
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{props.actions}</div>
    </section>
  );
}

/** One "what happens next" line of a success screen. */
export function NextStep({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="mt-1">{children}</p>
    </div>
  );
}

/**
 * What a success screen says about the price the server booked (its figures, not the
 * estimate's): the total and the deposit to come (DECISIONS.md "Payments": members pay none).
 * Credit or a gift card may pay all of it, or leave a deposit that is no longer the percent of
 * the total.
 */
export function bookedPrice(booking: CreatedSpecialBooking, pricing: PricingConfig | undefined) {
  const totalCents = dollarsToCents(booking.totalAmount);
  const total = formatDollars(totalCents);
  const deposit = dollarsToCents(booking.depositAmount);
  const prepaid = dollarsToCents(booking.creditAmount) + dollarsToCents(booking.giftCardAmount) > 0;
  const percent = pricing && !prepaid ? `${pricing.depositPercent}% ` : '';
  return {
    total,
    deposit:
      deposit > 0
        ? `Once a provider is assigned, we email you a link to pay the ${percent}deposit (${formatDollars(deposit)}).`
        : prepaid && totalCents === 0
          ? `${COVERED}: no deposit to pay.`
          : 'As a member you pay no deposit.',
  };
}

const COVERED = 'Your referral credit or gift card covers the price';

/**
 * The estimate's deposit line (members pay none, DECISIONS.md "Payments"). With credit or a gift
 * card (`prepaid`) the deposit is taken of what is left to pay by card, so no percent is said,
 * and none is asked when they cover it all.
 */
export function depositEstimate(
  deposit: number,
  pricing: PricingConfig,
  subscription: SubscriptionType,
  prepaid = false,
): string {
  if (isSubscriber(subscription)) return 'No deposit for members.';
  if (!prepaid) {
    return `Deposit after a provider is assigned: ${formatDollars(deposit)} (${pricing.depositPercent}%).`;
  }
  return deposit > 0
    ? `Deposit after a provider is assigned: ${formatDollars(deposit)}, of what is left to pay by card.`
    : `${COVERED}: no deposit.`;
}

/** "1 bedroom", "2 bedrooms". */
export const counted = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;
