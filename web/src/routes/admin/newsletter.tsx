import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { NewsletterPage } from '../../features/admin-leads/newsletter-page';

const searchSchema = z.object({
  status: z.catch(z.optional(z.enum(['subscribed', 'unsubscribed'])), undefined),
  q: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
});

export const Route = createFileRoute('/admin/newsletter')({
  validateSearch: searchSchema,
  component: AdminNewsletter,
});

function AdminNewsletter() {
  usePageMeta('Newsletter Subscribers | TwinClean Admin', 'Subscribers and newsletters.');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <NewsletterPage
      search={search}
      onSearch={(next) => navigate({ search: next, replace: true })}
    />
  );
}
