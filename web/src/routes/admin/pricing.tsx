import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/admin-shell/placeholder-page';

export const Route = createFileRoute('/admin/pricing')({ component: Page });

function Page() {
  return (
    <PlaceholderPage title="Pricing Config">
      Hourly rates, subscription prices, add-on fees and early cancellation penalties; each save
      becomes the price new bookings use.
    </PlaceholderPage>
  );
}
