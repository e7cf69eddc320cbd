import { createFileRoute } from '@tanstack/react-router';
import { VisitMovePage } from '../../features/visit-move/visit-move-page';
import { ensureQuery } from '../../lib/route-data';

// Public: the moved-day e-mail's link is for whoever holds it, guests included (no sign-in).
export const Route = createFileRoute('/visit-moves/$token')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { visitMoveQueryOptions } = await import('../../features/visit-move/api');
    await ensureQuery(context.queryClient, visitMoveQueryOptions(params.token));
  },
  component: VisitMoveLink,
});

function VisitMoveLink() {
  const { token } = Route.useParams();
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <VisitMovePage token={token} />
    </section>
  );
}
