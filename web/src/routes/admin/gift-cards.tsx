import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { GiftCardsPage } from '../../features/admin-gift-cards/gift-cards-page';

// Kept small and inline: a route's search schema ships in the app's first chunk. A status the
// URL gets wrong is dropped, not an error page.
const searchSchema = z.object({
  status: z.catch(z.optional(z.enum(['awaiting_payment', 'paid', 'void', 'refunded'])), undefined),
});

export const Route = createFileRoute('/admin/gift-cards')({
  validateSearch: searchSchema,
  component: AdminGiftCards,
});

// Staff see the cards and their use; voiding and refunding one is the owner's (issue 34).
function AdminGiftCards() {
  usePageMeta('Gift cards | TwinClean Admin', 'Gift cards sold, their balance and their use.');
  const { user } = Route.useRouteContext();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GiftCardsPage
      owner={user.role === 'admin_owner'}
      query={query}
      onQuery={(search) => navigate({ search, replace: true })}
    />
  );
}
