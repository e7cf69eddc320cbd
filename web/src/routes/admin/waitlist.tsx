import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { WaitlistPage } from '../../features/admin-waitlist/waitlist-page';

// Kept small and inline: a route's search schema ships in the app's first chunk. A filter the
// URL gets wrong is dropped, not an error page.
const searchSchema = z.object({
  // The router reads ?zip=55802 as the number 55802 (and writes it quoted): both are the ZIP.
  zip: z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.pipe(z.transform(String), z.string().check(z.regex(/^\d{5}$/))),
      ),
    ),
    undefined,
  ),
  serviceType: z.catch(
    z.optional(z.enum(['house', 'carpet', 'laundry', 'dry_cleaning'])),
    undefined,
  ),
});

export const Route = createFileRoute('/admin/waitlist')({
  validateSearch: searchSchema,
  component: AdminWaitlist,
});

function AdminWaitlist() {
  usePageMeta('Waitlist | TwinClean Admin', 'Visitors waiting for their ZIP, by ZIP and service.');
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return <WaitlistPage query={query} onQuery={(search) => navigate({ search, replace: true })} />;
}
