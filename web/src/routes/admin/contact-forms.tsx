import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/admin-shell/placeholder-page';

export const Route = createFileRoute('/admin/contact-forms')({ component: Page });

function Page() {
  return (
    <PlaceholderPage title="Contact Forms">
      Messages sent through the site's contact form, newest first, with who sent them and how to
      reply.
    </PlaceholderPage>
  );
}
