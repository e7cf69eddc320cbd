import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { PrepaidFacts } from '../../../features/booking/prepaid-facts';
import { BookingDetailsPage } from '../../../features/client/booking-details';
import { VisitRatingCard } from '../../../features/ratings/visit-rating-card';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/client/bookings/$id')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { clientBookingQueryOptions } = await import('../../../features/client/api');
    await ensureQuery(context.queryClient, clientBookingQueryOptions(params.id));
  },
  component: BookingDetails,
});

function BookingDetails() {
  const { id } = Route.useParams();
  // Just booked from the wizard: what its credit, gift card and referral did (never in the URL).
  const prepaid = useRouterState({ select: (state) => state.location.state.prepaid });
  return (
    <BookingDetailsPage
      id={id}
      notice={prepaid && <PrepaidFacts answer={prepaid} />}
      rating={(booking) => <VisitRatingCard bookingId={booking.id} state={booking.rating} />}
    />
  );
}
