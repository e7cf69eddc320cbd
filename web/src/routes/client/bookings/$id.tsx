import { createFileRoute } from '@tanstack/react-router';
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
  return (
    <BookingDetailsPage
      id={id}
      rating={(booking) => <VisitRatingCard bookingId={booking.id} state={booking.rating} />}
    />
  );
}
