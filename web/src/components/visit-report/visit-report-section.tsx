import { useQuery } from '@tanstack/react-query';
import { hasCode } from '@twinclean/shared/http';
import { LoadFailed, Loading } from '../query-states';
import { type ReportSource, visitReportQueryOptions } from './api';
import { VisitReportView } from './visit-report-view';

/**
 * A signed-in reader's report (the client's booking page, the admin's), loaded on its own so the
 * page around it never waits for it. Before the clock-out there is none (409), and nothing shows.
 */
export function VisitReportSection({
  source,
}: {
  source: ReportSource & { kind: 'client' | 'admin' };
}) {
  const query = useQuery(visitReportQueryOptions(source));
  if (query.isPending) return <Loading label="Loading the visit report…" />;
  if (query.isError) {
    if (hasCode(query.error, 'visit_not_finished')) return null;
    return (
      <LoadFailed
        message="We couldn't load the visit report."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <VisitReportView report={query.data} source={source} />;
}
