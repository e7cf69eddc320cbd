import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { ContactFormsPage } from '../../features/admin-leads/contact-forms-page';

// Kept small and inline: a route's search schema ships in the app's first chunk; a filter the
// URL gets wrong is dropped, not an error page.
const searchSchema = z.object({
  status: z.catch(z.optional(z.enum(['new', 'answered'])), undefined),
  q: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
  open: z.catch(z.optional(z.string().check(z.uuid())), undefined),
});

export const Route = createFileRoute('/admin/contact-forms')({
  validateSearch: searchSchema,
  component: AdminContactForms,
});

function AdminContactForms() {
  usePageMeta('Contact Forms | TwinClean Admin', 'Messages from the contact form, to answer.');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ContactFormsPage search={search} onSearch={(next) => navigate({ search: next })} />;
}
