import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { ReferralsPage } from '../../features/admin-referrals/referrals-page';

// Kept small and inline: a route's search schema ships in the app's first chunk. A status the
// URL gets wrong is dropped, not an error page.
const searchSchema = z.object({
  status: z.catch(z.optional(z.enum(['waiting', 'credited', 'refused'])), undefined),
});

export const Route = createFileRoute('/admin/referrals')({
  validateSearch: searchSchema,
  component: AdminReferrals,
});

function AdminReferrals() {
  usePageMeta('Referrals | TwinClean Admin', 'Referrals, the credit given and the refusals.');
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReferralsPage query={query} onQuery={(search) => navigate({ search, replace: true })} />;
}
