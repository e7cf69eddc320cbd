import { Link } from '@tanstack/react-router';
import type { ClientBooking } from '@twinclean/shared/client-bookings';
import { cardName } from '@twinclean/shared/payment-methods';
import type { PaymentOption } from '@twinclean/shared/payments';
import { formatDate, formatInstant } from '@twinclean/shared/schedule';
import { VISIT_CHARGE_HOURS } from '@twinclean/shared/subscriptions';
import type { ReactNode } from 'react';
import { DetailCard } from '../../components/detail-card';
import { money, PAYMENT_OPTION_LABELS } from '../../lib/format';

// What the booking page says about paying, by the server's payment plan (shared/src/payment-due.ts):
// only what is asked for now is "Payment Required"; a balance not due yet, or a member's visit
// that their card pays, is offered without pressing.

type Plan = NonNullable<ClientBooking['paymentPlan']>;

const PRIMARY =
  'mt-4 flex h-11 items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800';
const SECONDARY =
  'mt-4 inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 font-medium text-brand-800 hover:bg-slate-50';

function CheckoutLink(props: {
  booking: ClientBooking;
  option: PaymentOption;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/client/checkout/$id"
      params={{ id: props.booking.id }}
      search={{ option: props.option }}
      className={props.className}
    >
      {props.children}
    </Link>
  );
}

/** Spec 2 §4 (pending_deposit, pending_assignment, assigned): the choices, the first asked for. */
function PaymentRequiredCard({ booking }: { booking: ClientBooking }) {
  const [first] = booking.paymentChoices;
  if (!first) return null;
  return (
    <DetailCard title="Payment Required" tone="attention">
      <div className="max-w-md">
        <ul className="grid gap-1 text-sm">
          {booking.paymentChoices.map((choice) => (
            <li key={choice.option} className="flex justify-between gap-3">
              <span>{PAYMENT_OPTION_LABELS[choice.option]}</span>
              <span className="font-semibold tabular-nums">{money(choice.amount)}</span>
            </li>
          ))}
        </ul>
        <CheckoutLink booking={booking} option={first.option} className={PRIMARY}>
          Pay Now
        </CheckoutLink>
      </div>
    </DetailCard>
  );
}

/** The rest, due when the visit is done: offered early, pressed only once the visit is over. */
function BalanceCard({ booking, plan }: { booking: ClientBooking; plan: Plan }) {
  const rest = booking.paymentChoices.at(-1);
  if (!rest) return null;
  const dueNow = plan.dueAt === null;
  return (
    <DetailCard title="Balance" tone={dueNow ? 'attention' : 'plain'}>
      <div className="max-w-md">
        <dl className="flex justify-between gap-3 text-sm">
          <dt>Remaining balance</dt>
          <dd className="font-semibold tabular-nums">{money(rest.amount)}</dd>
        </dl>
        <p className="mt-2 text-sm text-slate-700">
          {dueNow
            ? 'Due now: your visit is completed.'
            : `Due when your visit on ${formatDate(booking.scheduledDate)} is completed.`}
        </p>
        <CheckoutLink
          booking={booking}
          option={rest.option}
          className={dueNow ? PRIMARY : SECONDARY}
        >
          Pay {money(rest.amount)} now
        </CheckoutLink>
      </div>
    </DetailCard>
  );
}

/** A member's visit: charged to their default card before it; paying early stays possible. */
function AutomaticCard({ booking, plan }: { booking: ClientBooking; plan: Plan }) {
  const rest = booking.paymentChoices.at(-1);
  if (!rest || !plan.dueAt) return null;
  const amount = money(rest.amount);
  const when = `${formatInstant(plan.dueAt)}, ${VISIT_CHARGE_HOURS} hours before your visit`;
  return (
    <DetailCard title="Automatic payment">
      <div className="max-w-md text-sm text-slate-700">
        {plan.card ? (
          <p>
            {amount} will be charged to your {cardName(plan.card)} on {when}.
          </p>
        ) : (
          <p>
            {amount} will be charged to your default card on {when}. You have no saved card:{' '}
            <a href="/client/payment-methods" className="font-medium text-brand-700 underline">
              add one
            </a>{' '}
            before then, or pay now.
          </p>
        )}
        <CheckoutLink booking={booking} option={rest.option} className={SECONDARY}>
          Pay {amount} now instead
        </CheckoutLink>
      </div>
    </DetailCard>
  );
}

/** Whatever is left to pay on the booking, as its plan says; nothing once paid or canceled. */
export function PaymentPanel({ booking }: { booking: ClientBooking }) {
  const plan = booking.paymentPlan;
  if (!plan) return null;
  if (plan.kind === 'required') return <PaymentRequiredCard booking={booking} />;
  if (plan.kind === 'automatic') return <AutomaticCard booking={booking} plan={plan} />;
  return <BalanceCard booking={booking} plan={plan} />;
}
