import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Statement } from '@twinclean/shared/payout-transfers';
import { ArrowLeft, Download } from 'lucide-react';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { isNotFound } from '../../lib/api-reads';
import { statementQuery } from './statement-queries';
import { statementPdfUrl, statementTitle, weekRange } from './statement-text';
import { StatementJobs, StatementTotals, TransferBox } from './statement-view';

const route = getRouteApi('/payouts_/statements/$weekStart');

/** /payouts/statements/{Monday}: one week's jobs, totals and transfer, and its PDF. */
export function StatementPage() {
  const { weekStart } = route.useParams();
  const statement = useQuery({ ...statementQuery(weekStart ?? ''), enabled: weekStart !== null });
  return (
    <section className="grid gap-4">
      <Link to="/payouts" className="flex items-center gap-1 text-sm font-medium text-brand-700">
        <ArrowLeft className="size-4" aria-hidden />
        Back to My Earnings
      </Link>
      {weekStart === null || isNotFound(statement.error) ? (
        <>
          <PageTitle title="Statement not found" />
          <EmptyState title="No statement for this link">
            Open a week from the list on My Earnings.
          </EmptyState>
        </>
      ) : (
        <>
          <PageTitle title={statementTitle(weekStart)} />
          <QueryView query={statement} loading="Loading the statement…">
            {(data) => <StatementScreen statement={data} />}
          </QueryView>
        </>
      )}
    </section>
  );
}

function StatementScreen({ statement }: { statement: Statement }) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-600">{weekRange(statement.weekStart, statement.weekEnd)}</p>
        {/* The API answers with an attachment: the browser downloads it, the app stays. */}
        <a
          href={statementPdfUrl(statement.weekStart)}
          download
          className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800"
        >
          <Download className="size-4" aria-hidden />
          Download PDF
        </a>
      </div>
      <StatementTotals totals={statement.totals} />
      <section aria-labelledby="statement-jobs" className="grid gap-2">
        <h2 id="statement-jobs" className="text-lg font-semibold">
          Jobs
        </h2>
        <StatementJobs jobs={statement.jobs} />
      </section>
      <TransferBox transfer={statement.transfer} />
    </div>
  );
}
