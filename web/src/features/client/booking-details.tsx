import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ClientBooking } from '@twinclean/shared/client-bookings';
import { serviceTitle } from '@twinclean/shared/services';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { VisitReportSection } from '../../components/visit-report/visit-report-section';
import { clientBookingQueryOptions } from './api';
import { useApproveNewPrice } from './booking-actions';
import { CancellationCard, ScheduleCard, ServiceCard, VisitCard } from './booking-facts';
import { BookingNotFound, isNotFound } from './booking-not-found';
import { PaymentsCard, PriceCard } from './booking-price';
import { ManageBooking } from './manage-booking';
import { PaymentPanel } from './payment-panel';
import { PriceApprovalCard } from './price-approval';
import { StatusBadge } from './status-badge';

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline';

/** /client/bookings/{id} (spec 2 "Client booking details"). */
/**
 * `rating`: the visit's rating card, and `notice`: what a booking just made did with credit, a
 * gift card and a referral; both brought by the route (features never import each other).
 */
export function BookingDetailsPage({
  id,
  rating,
  notice,
}: {
  id: string;
  rating: (booking: ClientBooking) => ReactNode;
  notice?: ReactNode;
}) {
  const query = useQuery(clientBookingQueryOptions(id));
  const approval = useApproveNewPrice(id);
  const booking = query.data;
  const missing = query.isError && isNotFound(query.error);
  usePageMeta(
    missing
      ? 'Booking Not Found | TwinClean'
      : `${booking ? serviceTitle(booking.serviceType) : 'Booking'} Details | TwinClean`,
    'Your booking: schedule, price, payments and changes.',
  );

  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      {!missing && (
        <Link to="/client" className={backLink}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to Dashboard
        </Link>
      )}
      {query.isPending ? (
        <Loading label="Loading your booking…" />
      ) : missing ? (
        <BookingNotFound />
      ) : query.isError || !booking ? (
        <LoadFailed
          message="We couldn't load this booking."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">
              {serviceTitle(booking.serviceType)}
            </h1>
            <StatusBadge status={booking.status} />
          </div>
          <p className="mt-1 break-all text-sm text-slate-600">Booking reference {booking.id}</p>
          {notice && <div className="mt-4 empty:hidden">{notice}</div>}
          {/* What needs the client first, above the columns (and first on a phone). */}
          <div className="mt-6 grid gap-6 empty:hidden">
            {booking.status === 'canceled' && <CancellationCard booking={booking} />}
            {/* Approving comes before paying: the payment choices follow the approved price. */}
            <PriceApprovalCard
              proposal={booking.priceProposal}
              approval={approval}
              messageOf={() => 'New price approved'}
            />
            <PaymentPanel booking={booking} />
          </div>
          <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
            <div className="grid min-w-0 content-start gap-6">
              <ScheduleCard booking={booking} />
              <ServiceCard booking={booking} />
              <VisitCard booking={booking} />
              {rating(booking)}
            </div>
            <div className="grid min-w-0 content-start gap-6">
              <PriceCard booking={booking} />
              <PaymentsCard booking={booking} />
              <ManageBooking booking={booking} />
            </div>
          </div>
          {/* Issue 32: the proof of the visit (and the tip) once the cleaner has clocked out. */}
          {booking.providerClockOutTime && booking.status !== 'canceled' && (
            <div className="mt-6">
              <VisitReportSection source={{ kind: 'client', bookingId: booking.id }} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
