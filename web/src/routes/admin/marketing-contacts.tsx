import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { MarketingContactsPage } from '../../features/admin-leads/marketing-contacts-page';

const searchSchema = z.object({
  q: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  source: z.catch(
    z.optional(
      z.enum([
        'newsletter',
        'contact_form',
        'provider_application',
        'guest_booking',
        'client_account',
        'imported',
      ]),
    ),
    undefined,
  ),
  consent: z.catch(z.optional(z.enum(['yes', 'no'])), undefined),
  page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
});

export const Route = createFileRoute('/admin/marketing-contacts')({
  validateSearch: searchSchema,
  component: AdminMarketingContacts,
});

function AdminMarketingContacts() {
  usePageMeta('Marketing Contacts | TwinClean Admin', 'Every lead, with source and consent.');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MarketingContactsPage
      search={search}
      onSearch={(next) => navigate({ search: next, replace: true })}
    />
  );
}
