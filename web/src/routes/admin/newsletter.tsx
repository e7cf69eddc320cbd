import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/admin-shell/placeholder-page';

export const Route = createFileRoute('/admin/newsletter')({ component: Page });

function Page() {
  return (
    <PlaceholderPage title="Newsletter Subscribers">
      Everyone who subscribed to the newsletter, with the date they joined.
    </PlaceholderPage>
  );
}
