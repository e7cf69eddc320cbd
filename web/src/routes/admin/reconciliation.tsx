import { createFileRoute } from '@tanstack/react-router';
import { chicagoDate } from '@twinclean/shared/schedule';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { ReconciliationPage } from '../../features/admin-reconciliation/reconciliation-page';

const day = z.catch(z.optional(z.string()), undefined);
// Kept small and inline: a route's search schema ships in the app's first chunk. The API checks
// the days and says what is wrong with them.
const searchSchema = z.object({ from: day, to: day });

export const Route = createFileRoute('/admin/reconciliation')({
  validateSearch: searchSchema,
  component: AdminReconciliation,
});

function AdminReconciliation() {
  usePageMeta('Reconciliation | TwinClean Admin', 'Payments and refunds against the gateway.');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Today until other days are chosen: the page opens on a check, not an empty form.
  const today = chicagoDate(new Date());
  return (
    <ReconciliationPage
      days={{ from: search.from ?? today, to: search.to ?? today }}
      onDays={(days) => navigate({ search: days, replace: true })}
    />
  );
}
