import { createFileRoute, notFound } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';
import { PricingPage } from '../../features/admin-pricing/pricing-page';

export const Route = createFileRoute('/admin/pricing')({
  // DECISIONS.md "Roles": the owner's page; for staff it does not exist, as the spec has it.
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'admin_owner') throw notFound();
  },
  component: AdminPricing,
});

function AdminPricing() {
  usePageMeta('Pricing Config | TwinClean Admin', 'Every price on the site, and its history.');
  return <PricingPage />;
}
