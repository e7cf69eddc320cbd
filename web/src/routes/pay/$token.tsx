import { createFileRoute } from '@tanstack/react-router';
import { PayLinkPage } from '../../features/client/checkout/pay-link';
import { ensureQuery } from '../../lib/route-data';

// Public: a pay link is for anyone holding it, guests included (no sign-in guard).
export const Route = createFileRoute('/pay/$token')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { payLinkQueryOptions } = await import('../../features/client/checkout/pay-link-api');
    await ensureQuery(context.queryClient, payLinkQueryOptions(params.token));
  },
  component: PayLink,
});

function PayLink() {
  const { token } = Route.useParams();
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <PayLinkPage token={token} />
    </section>
  );
}
