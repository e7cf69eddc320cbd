import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';
import { MoveADayPage } from '../../features/admin-day-moves/move-a-day-page';
import { OwnersOnlyPage } from '../../features/admin-shell/owners-only-page';

export const Route = createFileRoute('/admin/move-a-day')({
  component: AdminMoveADay,
});

// Issue 31: it moves every client's visits of a date, so it is the owner's; staff are told so.
function AdminMoveADay() {
  const { user } = Route.useRouteContext();
  return user.role === 'admin_owner' ? (
    <AdminMoveADayForOwner />
  ) : (
    <OwnersOnlyPage title="Move a Day" />
  );
}

function AdminMoveADayForOwner() {
  usePageMeta(
    'Move a Day | TwinClean Admin',
    "Move every visit of a date, and each client's answer.",
  );
  return <MoveADayPage />;
}
