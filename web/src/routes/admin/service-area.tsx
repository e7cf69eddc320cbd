import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';
import { ServiceAreaPage } from '../../features/admin-service-area/service-area-page';

export const Route = createFileRoute('/admin/service-area')({ component: AdminServiceArea });

// The owner edits the list; staff read it (the API refuses them the save either way).
function AdminServiceArea() {
  usePageMeta('Service Area | TwinClean Admin', 'The ZIP codes TwinClean serves.');
  const { user } = Route.useRouteContext();
  return <ServiceAreaPage isOwner={user.role === 'admin_owner'} />;
}
