import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError, hasCode } from '@twinclean/shared/http';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { type ReportSource, visitReportQueryOptions } from '../../components/visit-report/api';
import { VisitReportView } from '../../components/visit-report/visit-report-view';

const buttonLink =
  'mt-6 inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800';

/** The link cannot show a report: expired (410), not ready (409), or not one of ours (404). */
function LinkProblem({ error }: { error: ApiError }) {
  const expired = error.status === 410;
  const early = hasCode(error, 'visit_not_finished');
  return (
    <div className="py-10 text-center">
      <h1 className="text-3xl font-bold tracking-tight">
        {expired
          ? 'This link has expired'
          : early
            ? 'Your visit report is not ready yet'
            : 'Visit report not found'}
      </h1>
      <p className="mt-3 text-slate-700">
        {expired || early
          ? error.message
          : 'This visit report link is not valid. Please check the link in your e-mail.'}
      </p>
      {expired ? (
        <Link to="/login" className={buttonLink}>
          Sign In
        </Link>
      ) : (
        <Link to="/" className={buttonLink}>
          Back to Home
        </Link>
      )}
    </div>
  );
}

const isLinkProblem = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.status === 404 ||
    error.status === 410 ||
    error.code === 'visit_not_finished' ||
    error.code === 'validation_error');

/**
 * /visit-report/{token}: the completion e-mail's proof-of-visit report, for whoever holds the
 * link (guests included), without signing in, for 30 days after the clock-out.
 */
export function ReportLinkPage({ token }: { token: string }) {
  usePageMeta('Your Visit Report | TwinClean', 'What your cleaner did on your visit.');
  const source: ReportSource = { kind: 'token', token };
  const query = useQuery(visitReportQueryOptions(source));
  if (query.isPending) return <Loading label="Loading your visit report…" />;
  if (query.isError) {
    return isLinkProblem(query.error) ? (
      <LinkProblem error={query.error} />
    ) : (
      <LoadFailed
        message="We couldn't load this visit report."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const report = query.data;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Your visit report</h1>
      <p className="mt-2 mb-6 text-slate-700">
        {report.cleanerFirstName
          ? `What ${report.cleanerFirstName} did on your ${report.serviceLabel.toLowerCase()}.`
          : `Your ${report.serviceLabel.toLowerCase()}.`}
      </p>
      <VisitReportView report={report} source={source} />
    </>
  );
}
