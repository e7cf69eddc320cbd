import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/admin-shell/placeholder-page';

export const Route = createFileRoute('/admin/providers')({ component: Page });

function Page() {
  return (
    <PlaceholderPage title="Providers">
      Every provider: contact details, rating, VIP status, availability, jobs and payouts.
    </PlaceholderPage>
  );
}
