import type { AdminBookingSearch } from '@twinclean/shared/admin-bookings';
import type { ServiceType } from '@twinclean/shared/services';
import { AdminBookingsView, type SearchChange } from './bookings-view';

/** An admin bookings page: its title and the table of its services (the route sets its meta). */
export function AdminBookingsPage(props: {
  title: string;
  services: readonly ServiceType[];
  search: AdminBookingSearch;
  onSearch: SearchChange;
}) {
  return (
    <div className="mx-auto grid max-w-7xl gap-5">
      <h1 className="text-3xl font-bold tracking-tight">{props.title}</h1>
      <AdminBookingsView
        services={props.services}
        search={props.search}
        onSearch={props.onSearch}
        caption={props.title}
      />
    </div>
  );
}
