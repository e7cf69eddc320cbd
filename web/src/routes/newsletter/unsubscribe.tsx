import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { UnsubscribePage } from '../../features/contact/unsubscribe-page';

// Public: the link in every newsletter e-mail.
export const Route = createFileRoute('/newsletter/unsubscribe')({
  validateSearch: z.object({
    token: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  }),
  component: Unsubscribe,
});

function Unsubscribe() {
  usePageMeta('Unsubscribe | TwinClean', 'Stop receiving the TwinClean newsletter.');
  const { token } = Route.useSearch();
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <UnsubscribePage token={token} />
    </section>
  );
}
