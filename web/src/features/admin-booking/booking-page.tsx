import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type BookingStatus, statusLabel } from '@twinclean/shared/booking-status';
import { serviceTitle } from '@twinclean/shared/services';
import { Badge, type BadgeTone } from '@twinclean/shared/ui/badge';
import { ArrowLeft } from 'lucide-react';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { VisitReportSection } from '../../components/visit-report/visit-report-section';
import { adminBookingQueryOptions, isNotFound } from './api';
import { CancelCard } from './cancel-card';
import { CancellationCard, ClientCard, ScheduleCard, ServiceCard } from './facts-cards';
import { FinalPriceCard } from './final-price-card';
import { PayLinkCard, PaymentsCard, PriceCard } from './money-cards';
import { PayoutCard } from './payout-card';
import { ProviderCard } from './provider-card';
import { PhotosCard, PunchesCard } from './punches-card';

const TONES: Partial<Record<BookingStatus, BadgeTone>> = {
  pending_deposit: 'warning',
  completed: 'success',
  canceled: 'danger',
};

/** The list each service's bookings are on (the admin sidebar's Bookings group). */
const LISTS = {
  house: { to: '/admin/bookings', label: 'Back to Bookings' },
  carpet: { to: '/admin/carpet-bookings', label: 'Back to Carpet Cleaning' },
  laundry: { to: '/admin/laundry-bookings', label: 'Back to Laundry Service' },
  dry_cleaning: { to: '/admin/laundry-bookings', label: 'Back to Laundry Service' },
} as const;

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline';

function NotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Booking Not Found</h1>
      <p className="mt-3 text-slate-600">No booking has this reference. The link may be wrong.</p>
      <Link
        to="/admin/bookings"
        className="mt-6 inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        Back to Bookings
      </Link>
    </div>
  );
}

/** /admin/bookings/{id} (DECISIONS.md "Admin operations"): the facts, then what can be done. */
export function AdminBookingPage({ id, isOwner }: { id: string; isOwner: boolean }) {
  const query = useQuery(adminBookingQueryOptions(id));
  const booking = query.data;
  const missing = query.isError && isNotFound(query.error);
  usePageMeta(
    missing
      ? 'Booking Not Found | TwinClean Admin'
      : `${booking ? `${serviceTitle(booking.serviceType)} for ${booking.client.firstName} ${booking.client.lastName}` : 'Booking'} | TwinClean Admin`,
    'One booking: client, service, money, provider, punches and photos.',
  );

  if (query.isPending) return <Loading label="Loading the booking…" />;
  if (missing) return <NotFound />;
  if (query.isError || !booking) {
    return (
      <LoadFailed
        message="We couldn't load this booking."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Link to={LISTS[booking.serviceType].to} className={backLink}>
          <ArrowLeft className="size-4" aria-hidden />
          {LISTS[booking.serviceType].label}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">
            {serviceTitle(booking.serviceType)}: {booking.client.firstName}{' '}
            {booking.client.lastName}
          </h1>
          <Badge tone={TONES[booking.status] ?? 'neutral'}>
            <span className="sr-only">Status: </span>
            {statusLabel(booking.status)}
          </Badge>
        </div>
        <p className="mt-1 break-all text-sm text-slate-600">Booking reference {booking.id}</p>
      </div>
      <CancellationCard booking={booking} />
      <FinalPriceCard booking={booking} isOwner={isOwner} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-6">
          <ClientCard booking={booking} />
          <ScheduleCard booking={booking} />
          <ServiceCard booking={booking} />
          <ProviderCard booking={booking} />
          {booking.provider === null &&
            booking.actions.assign.allowed &&
            new Date(booking.schedule.scheduledAt) > new Date() && (
              // The auction board checks the rest (started, already posted) and says so.
              <Link
                to="/admin/auction-board"
                search={{ post: booking.id }}
                className="justify-self-start rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                Post to auction board
              </Link>
            )}
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <PriceCard booking={booking} />
          <PaymentsCard booking={booking} />
          <PayLinkCard booking={booking} />
          <CancelCard booking={booking} isOwner={isOwner} />
        </div>
      </div>
      <PunchesCard booking={booking} />
      {/* Issue 32: the report the client sees, once the visit is done. */}
      {booking.clockOutAt && (
        <VisitReportSection source={{ kind: 'admin', bookingId: booking.id }} />
      )}
      <PayoutCard booking={booking} />
      <PhotosCard booking={booking} />
    </div>
  );
}
