import { createFileRoute } from '@tanstack/react-router';
import { AdminBookingPage } from '../../../features/admin-booking/booking-page';
import { ensureQuery } from '../../../lib/route-data';

export const Route = createFileRoute('/admin/bookings/$id')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { adminBookingQueryOptions } = await import('../../../features/admin-booking/api');
    await ensureQuery(context.queryClient, adminBookingQueryOptions(params.id));
  },
  component: AdminBooking,
});

function AdminBooking() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  // DECISIONS.md "Roles": waiving a cancellation fee is the owner's; the API checks it too.
  return <AdminBookingPage id={id} isOwner={user.role === 'admin_owner'} />;
}
