import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/admin-shell/placeholder-page';

export const Route = createFileRoute('/admin/clients')({ component: Page });

function Page() {
  return (
    <PlaceholderPage title="Clients">
      Every client account: contact details, membership plan, bookings and payments.
    </PlaceholderPage>
  );
}
