import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { AuctionPage } from '../../features/admin-auction/auction-page';

// Kept small and inline (the search schema ships in the first chunk); a bad value is dropped.
// `post` opens the post dialog on that booking (the booking page's "Post to auction board").
const searchSchema = z.object({
  page: z.catch(z.optional(z.number().check(z.int(), z.gte(1))), undefined),
  post: z.catch(z.optional(z.string().check(z.uuid())), undefined),
});

export const Route = createFileRoute('/admin/auction-board')({
  validateSearch: searchSchema,
  component: AdminAuctionBoard,
});

function AdminAuctionBoard() {
  usePageMeta('Auction Board | TwinClean Admin', 'Urgent jobs posted with a bonus for providers.');
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuctionPage query={query} onQuery={(search) => navigate({ search, replace: true })} />;
}
