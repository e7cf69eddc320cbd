import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { ApplicationsPage } from '../../features/admin-applications/applications-page';

const text = z.catch(z.optional(z.string()), undefined);
// Kept small and inline: a route's search schema ships in the app's first chunk. The API checks
// the values and says what is wrong with them.
export const Route = createFileRoute('/admin/provider-applications')({
  validateSearch: z.object({
    status: z.catch(z.optional(z.enum(['new', 'approved', 'rejected'])), undefined),
    q: text,
    page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
    /** The application open in the dialog. */
    id: text,
  }),
  component: AdminProviderApplications,
});

function AdminProviderApplications() {
  usePageMeta('Provider Applications | TwinClean Admin', 'Review, approve or reject applications.');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ApplicationsPage
      search={search}
      onSearch={(next) => navigate({ search: next, replace: true })}
    />
  );
}
