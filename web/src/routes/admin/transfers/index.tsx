import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../../components/page-meta';
import { TransfersPage } from '../../../features/admin-transfers/transfers-page';

// Kept small and inline: a route's search schema ships in the app's first chunk, which the
// public pages load; a filter the URL gets wrong is dropped, not an error page.
const searchSchema = z.object({
  status: z.catch(z.optional(z.enum(['pending', 'paid', 'failed', 'canceled'])), undefined),
  providerId: z.catch(z.optional(z.string().check(z.uuid())), undefined),
  weekStart: z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined),
  page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
});

export const Route = createFileRoute('/admin/transfers/')({
  validateSearch: searchSchema,
  component: AdminTransfers,
});

function AdminTransfers() {
  usePageMeta('Transfers | TwinClean Admin', "Providers' weekly transfers and their states.");
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TransfersPage query={query} onQuery={(search) => navigate({ search, replace: true })} />;
}
