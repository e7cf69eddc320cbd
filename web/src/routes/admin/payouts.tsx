import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { PayoutsPage } from '../../features/admin-payouts/payouts-page';

// Kept small and inline: a route's search schema ships in the app's first chunk, which the
// public pages load; a filter the URL gets wrong is dropped, not an error page.
const searchSchema = z.object({
  status: z.catch(z.optional(z.enum(['pending', 'paid'])), undefined),
  providerId: z.catch(z.optional(z.string().check(z.uuid())), undefined),
  page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
});

export const Route = createFileRoute('/admin/payouts')({
  validateSearch: searchSchema,
  component: AdminPayouts,
});

function AdminPayouts() {
  usePageMeta('Provider Payouts | TwinClean Admin', 'Provider payouts to review and mark paid.');
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PayoutsPage query={query} onQuery={(search) => navigate({ search, replace: true })} />;
}
