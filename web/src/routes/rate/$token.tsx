import { createFileRoute } from '@tanstack/react-router';
import { RateLinkPage } from '../../features/ratings/rate-link-page';
import { ensureQuery } from '../../lib/route-data';

// Public: the completion e-mail's link is for whoever holds it, guests included (no sign-in).
export const Route = createFileRoute('/rate/$token')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { ratingLinkQueryOptions } = await import('../../features/ratings/api');
    await ensureQuery(context.queryClient, ratingLinkQueryOptions(params.token));
  },
  component: RateLink,
});

function RateLink() {
  const { token } = Route.useParams();
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <RateLinkPage token={token} />
    </section>
  );
}
