import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/admin-shell/placeholder-page';

export const Route = createFileRoute('/admin/marketing-contacts')({ component: Page });

function Page() {
  return (
    <PlaceholderPage title="Marketing Contacts">
      Marketing contacts and leads gathered from the site.
    </PlaceholderPage>
  );
}
