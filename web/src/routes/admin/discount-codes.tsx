import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';
import { CodesPage } from '../../features/admin-discount-codes/codes-page';

export const Route = createFileRoute('/admin/discount-codes')({
  component: AdminDiscountCodes,
});

// Staff see the codes and their use; creating and changing them is the owner's (issue 34).
function AdminDiscountCodes() {
  usePageMeta('Discount codes | TwinClean Admin', 'Discount codes and their use.');
  const { user } = Route.useRouteContext();
  return <CodesPage owner={user.role === 'admin_owner'} />;
}
