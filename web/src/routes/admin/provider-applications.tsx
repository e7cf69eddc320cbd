import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/admin-shell/placeholder-page';

export const Route = createFileRoute('/admin/provider-applications')({ component: Page });

function Page() {
  return (
    <PlaceholderPage title="Provider Applications">
      Applications to join as a provider, to approve (which creates the provider's account) or
      reject.
    </PlaceholderPage>
  );
}
