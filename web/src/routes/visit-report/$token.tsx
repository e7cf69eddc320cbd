import { createFileRoute } from '@tanstack/react-router';
import { ReportLinkPage } from '../../features/visit-report/report-link-page';
import { ensureQuery } from '../../lib/route-data';

// Public: the completion e-mail's report link is for whoever holds it, guests included.
export const Route = createFileRoute('/visit-report/$token')({
  loader: async ({ context, params }) => {
    // Imported here, not at the top: loaders are in the app's first chunk, the schemas need not be.
    const { visitReportQueryOptions } = await import('../../components/visit-report/api');
    await ensureQuery(
      context.queryClient,
      visitReportQueryOptions({ kind: 'token', token: params.token }),
    );
  },
  component: ReportLink,
});

function ReportLink() {
  const { token } = Route.useParams();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <ReportLinkPage token={token} />
    </section>
  );
}
