import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/admin-shell/placeholder-page';

export const Route = createFileRoute('/admin/auction-board')({ component: Page });

function Page() {
  return (
    <PlaceholderPage title="Auction Board">
      Unassigned jobs posted with a bonus for the provider who claims them: VIP providers see each
      one alone during the VIP access period, then every provider whose availability fits. This page
      will show the posted jobs, their phase, the claims and the outcome.
    </PlaceholderPage>
  );
}
