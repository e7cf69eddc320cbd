import { createFileRoute } from '@tanstack/react-router';
import { readAdminBookingSearch } from '@twinclean/shared/admin-bookings';
import { usePageMeta } from '../../components/page-meta';
import { AdminBookingsPage } from '../../features/admin-bookings/bookings-page';
import { prefetchQuery } from '../../lib/route-data';

const SERVICES = ['carpet'] as const;

// The table's state is the URL's: a filter the URL gets wrong is dropped, not an error page.
export const Route = createFileRoute('/admin/carpet-bookings')({
  validateSearch: readAdminBookingSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { adminBookingsQueryOptions } = await import('../../features/admin-bookings/api');
    prefetchQuery(context.queryClient, adminBookingsQueryOptions(deps, SERVICES));
  },
  component: CarpetBookings,
});

function CarpetBookings() {
  usePageMeta('Carpet Cleaning | TwinClean Admin', 'Every carpet cleaning booking.');
  const navigate = Route.useNavigate();
  return (
    <AdminBookingsPage
      title="Carpet Cleaning"
      services={SERVICES}
      search={Route.useSearch()}
      onSearch={(search, options) => navigate({ search, replace: options?.replace })}
    />
  );
}
