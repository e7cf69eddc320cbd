import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@twinclean/shared/http';
import type { PayLinkView } from '@twinclean/shared/payments';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { useCallback, useState } from 'react';
import { usePageMeta } from '../../../components/page-meta';
import { LoadFailed, Loading } from '../../../components/query-states';
import { money } from '../../../lib/format';
import { PriceApprovalCard } from '../price-approval';
import { Checkout } from './checkout';
import { payLinkKey, payLinkQueryOptions, useApprovePayLinkPrice } from './pay-link-api';
import { PaymentDone } from './payment-done';

/** 410: paid or canceled (the server says which); 404 or a malformed token: no such link. */
const isDeadLink = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.status === 410 || error.status === 404 || error.code === 'validation_error');

function DeadLink({ error }: { error: ApiError }) {
  return (
    <div className="py-10 text-center">
      <h1 className="text-3xl font-bold tracking-tight">
        {error.status === 410 ? 'This payment link is closed' : 'Payment link not found'}
      </h1>
      <p className="mt-3 text-slate-700">
        {error.status === 410
          ? error.message
          : 'This payment link is not valid. Please check the link in your e-mail.'}
      </p>
      <Link
        to="/"
        className="mt-6 inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        Back to Home
      </Link>
    </div>
  );
}

function Summary({ view }: { view: PayLinkView }) {
  const rows: [string, string][] = [
    ['Service', view.serviceTitle],
    ['Date', `${formatDate(view.scheduledDate)} at ${formatSlot(view.scheduledTime)}`],
    ['Address', `${view.address}, ${view.city}`],
    // While a new price waits, the total is still the estimate booked at.
    [view.priceProposal ? 'Estimate' : 'Total', money(view.totalAmount)],
    ['Paid so far', money(view.amountPaid)],
  ];
  return (
    <dl className="mt-6 grid gap-2 rounded-lg border bg-white p-5 text-sm shadow-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /pay/{token} (DECISIONS.md "Payments"): anyone holding the link sees the booking's summary and
 * pays, without signing in. The link dies once the booking is paid or canceled. A new carpet or
 * rug price is approved here first ("Final price consent"); the checkout follows the answer.
 */
export function PayLinkPage({ token }: { token: string }) {
  usePageMeta('Pay for Your Booking | TwinClean', 'Pay for your TwinClean booking securely.');
  const queryClient = useQueryClient();
  const query = useQuery(payLinkQueryOptions(token));
  const approval = useApprovePayLinkPrice(token);
  const [paid, setPaid] = useState(false);
  // The intent failed (the booking changed since the link was sent): ask the link again.
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: payLinkKey(token) }),
    [queryClient, token],
  );

  if (query.isPending) return <Loading label="Loading your booking…" />;
  if (query.isError) {
    return isDeadLink(query.error) ? (
      <DeadLink error={query.error} />
    ) : (
      <LoadFailed
        message="We couldn't load this payment link."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const view = query.data;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Pay for your booking</h1>
      <p className="mt-2 text-slate-700">Hi {view.clientFirstName}, here is your booking.</p>
      <Summary view={view} />
      <div className="mt-6 grid gap-6">
        <PriceApprovalCard
          proposal={view.priceProposal}
          approval={approval}
          messageOf={(answer) => answer.message}
        />
        {paid ? (
          <PaymentDone>
            Thank you! A receipt is on its way to your e-mail. You can close this page.
          </PaymentDone>
        ) : view.priceProposal ? null : view.paymentChoices.length === 0 ? (
          <p className="rounded-lg border bg-slate-50 p-5">There is nothing to pay right now.</p>
        ) : (
          <Checkout
            base={`/api/pay/${encodeURIComponent(token)}`}
            choices={view.paymentChoices}
            initialOption={undefined}
            returnUrl={window.location.href}
            onPaid={() => setPaid(true)}
            onUnavailable={refresh}
          />
        )}
      </div>
    </>
  );
}
