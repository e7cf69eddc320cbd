import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { PaymentRecordsPage } from '../../features/admin-payments/payment-records-page';

const text = z.catch(z.optional(z.string()), undefined);
// Kept small and inline: a route's search schema ships in the app's first chunk, which the
// public pages load. The API checks the values and says what is wrong with them.
const searchSchema = z.object({
  kind: z.catch(
    z.optional(
      z.enum([
        'deposit',
        'balance',
        'full',
        'late_cancel_fee',
        'subscription',
        'early_cancel_fee',
        'tip',
      ]),
    ),
    undefined,
  ),
  status: z.catch(
    z.optional(z.enum(['requires_payment', 'processing', 'succeeded', 'failed', 'canceled'])),
    undefined,
  ),
  search: text,
  from: text,
  to: text,
  page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
});

export const Route = createFileRoute('/admin/payment-records')({
  validateSearch: searchSchema,
  component: AdminPaymentRecords,
});

function AdminPaymentRecords() {
  usePageMeta('Payment Records | TwinClean Admin', 'Every payment and refund.');
  const { user } = Route.useRouteContext();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PaymentRecordsPage
      filters={filters}
      onFilters={(search) => navigate({ search, replace: true })}
      isOwner={user.role === 'admin_owner'}
    />
  );
}
