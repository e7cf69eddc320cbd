import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { OwnersOnlyPage } from '../../features/admin-shell/owners-only-page';
import { shownYear } from '../../features/admin-year-end/year';
import { YearEndPage } from '../../features/admin-year-end/year-end-page';

// Kept small and inline: a route's search schema ships in the app's first chunk. A year the URL
// gets wrong is dropped; the page opens on its default year.
const searchSchema = z.object({
  year: z.catch(z.optional(z.number().check(z.int(), z.gte(2000), z.lte(2999))), undefined),
});

export const Route = createFileRoute('/admin/year-end')({
  validateSearch: searchSchema,
  component: AdminYearEnd,
});

// DECISIONS.md "Roles": the owner's page; staff meet it in their shell, told it is the owners'.
function AdminYearEnd() {
  const { user } = Route.useRouteContext();
  return user.role === 'admin_owner' ? (
    <AdminYearEndForOwner />
  ) : (
    <OwnersOnlyPage title="Year end" />
  );
}

function AdminYearEndForOwner() {
  usePageMeta('Year end | TwinClean Admin', "Providers' yearly pay and the 1099-NEC list.");
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <YearEndPage
      year={shownYear(search.year, new Date())}
      onYear={(year) => navigate({ search: { year }, replace: true })}
    />
  );
}
