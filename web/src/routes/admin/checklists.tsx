import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';
import { ChecklistsPage } from '../../features/admin-checklists/checklists-page';

export const Route = createFileRoute('/admin/checklists')({
  component: AdminChecklists,
});

// DECISIONS.md "Roles": owners edit the lists; staff read them (the API refuses their save).
function AdminChecklists() {
  const { user } = Route.useRouteContext();
  usePageMeta(
    'Checklists | TwinClean Admin',
    'The room-by-room task lists of a visit, and their history.',
  );
  return <ChecklistsPage canEdit={user.role === 'admin_owner'} />;
}
