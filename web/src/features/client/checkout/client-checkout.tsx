import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { BookingStatus } from '@twinclean/shared/booking-status';
import type { ClientBooking } from '@twinclean/shared/client-bookings';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { toast } from '@twinclean/shared/ui/toast-store';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { usePageMeta } from '../../../components/page-meta';
import { LoadFailed, Loading } from '../../../components/query-states';
import { money } from '../../../lib/format';
import { clientBookingQueryOptions } from '../api';
import { BookingNotFound, isNotFound } from '../booking-not-found';
import { Checkout } from './checkout';
import { PaymentDone } from './payment-done';

/** Spec 2 §4: checkout turns these away with "Already Paid" when nothing more is payable. */
const PAID_STATUSES: ReadonlySet<BookingStatus> = new Set([
  'deposit_paid',
  'fully_paid',
  'in_progress',
  'completed',
]);

/** Spec 2 §9: the booking page 2 seconds after a successful payment. */
const REDIRECT_AFTER_PAYMENT_MS = 2000;

const isAlreadyPaid = (booking: ClientBooking) =>
  booking.paymentChoices.length === 0 && PAID_STATUSES.has(booking.status);

function Summary({ booking }: { booking: ClientBooking }) {
  // Referral credit and a gift card paid part of it already (issue 34): the total is what is left.
  const prepaid = [
    booking.creditAmount !== '0.00' && `Referral credit −${money(booking.creditAmount)}`,
    booking.giftCardAmount !== '0.00' && `Gift card −${money(booking.giftCardAmount)}`,
  ].filter(Boolean);
  return (
    <>
      <p className="mt-1 text-slate-600">
        {serviceTitle(booking.serviceType)} on {formatDate(booking.scheduledDate)} at{' '}
        {formatSlot(booking.scheduledTime)} · {booking.priceIsFinal ? 'Total' : 'Estimated total'}{' '}
        {money(booking.totalAmount)}
      </p>
      {prepaid.length > 0 && (
        <p className="mt-1 text-sm text-slate-600">{prepaid.join(' · ')}, taken off already</p>
      )}
    </>
  );
}

/** /client/checkout/{id} (spec 2 "Client checkout"). */
export function ClientCheckoutPage({ id, option }: { id: string; option?: string }) {
  usePageMeta('Checkout | TwinClean', 'Pay for your TwinClean booking.');
  const navigate = useNavigate();
  const query = useQuery(clientBookingQueryOptions(id));
  const booking = query.data;
  // Once paid here, the refreshed booking has nothing to pay: that is not "Already Paid".
  const [paid, setPaid] = useState(false);
  const toBooking = useCallback(
    () => void navigate({ to: '/client/bookings/$id', params: { id }, replace: true }),
    [navigate, id],
  );
  const alreadyPaid = !paid && booking !== undefined && isAlreadyPaid(booking);

  useEffect(() => {
    if (!alreadyPaid) return;
    toast({ title: 'Already Paid', description: 'This booking has already been paid.' });
    toBooking();
  }, [alreadyPaid, toBooking]);

  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(toBooking, REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [paid, toBooking]);

  if (query.isError && isNotFound(query.error)) {
    return (
      <section className="mx-auto max-w-xl px-4">
        <BookingNotFound />
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <Link
        to="/client/bookings/$id"
        params={{ id }}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to booking
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Checkout</h1>
      {booking && <Summary booking={booking} />}
      <div className="mt-6">
        {query.isPending || alreadyPaid ? (
          <Loading label="Loading your booking…" />
        ) : !booking ? (
          <LoadFailed
            message="We couldn't load this booking."
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : paid ? (
          <PaymentDone>Taking you back to your booking…</PaymentDone>
        ) : booking.paymentChoices.length === 0 ? (
          <p className="rounded-lg border bg-slate-50 p-5">
            There is nothing to pay on this booking right now.
            {!booking.priceIsFinal &&
              ' We ask for payment once your provider confirms the final price.'}
          </p>
        ) : (
          <Checkout
            base={`/api/bookings/${encodeURIComponent(id)}`}
            choices={booking.paymentChoices}
            initialOption={option}
            returnUrl={new URL(`/client/bookings/${id}`, window.location.origin).href}
            onPaid={() => setPaid(true)}
            onUnavailable={toBooking}
          />
        )}
      </div>
    </section>
  );
}
