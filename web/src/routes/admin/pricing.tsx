import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';
import { PricingPage } from '../../features/admin-pricing/pricing-page';
import { OwnersOnlyPage } from '../../features/admin-shell/owners-only-page';

export const Route = createFileRoute('/admin/pricing')({
  component: AdminPricing,
});

// DECISIONS.md "Roles": the owner's page; staff meet it in their shell, told it is the owners'.
function AdminPricing() {
  const { user } = Route.useRouteContext();
  return user.role === 'admin_owner' ? (
    <AdminPricingForOwner />
  ) : (
    <OwnersOnlyPage title="Pricing Config" />
  );
}

function AdminPricingForOwner() {
  usePageMeta('Pricing Config | TwinClean Admin', 'Every price on the site, and its history.');
  return <PricingPage />;
}
