import { useQuery } from '@tanstack/react-query';
import type { ReconciliationQuery } from '@twinclean/shared/admin-reconciliation';
import { serverMessage } from '@twinclean/shared/http';
import { formatDate } from '@twinclean/shared/schedule';
import { EmptyList } from '../../components/admin-list/list-frame';
import { LoadFailed, Loading } from '../../components/query-states';
import { reconciliationQueryOptions } from './api';
import { DifferencesTable } from './differences-table';
import { RangeForm } from './range-form';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /admin/reconciliation: the payments and refunds ledger held against the gateway's own records
 * for the days chosen (issue 30), so money that moved on one side only is seen and followed up.
 */
export function ReconciliationPage({
  days,
  onDays,
}: {
  days: ReconciliationQuery;
  onDays: (next: ReconciliationQuery) => void;
}) {
  const report = useQuery(reconciliationQueryOptions(days));
  const span =
    days.from === days.to
      ? formatDate(days.from)
      : `${formatDate(days.from)} to ${formatDate(days.to)}`;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Reconciliation</h1>
        <p className="mt-1 text-slate-600">
          Our payments, refunds and weekly transfers to providers compared with the payment
          gateway's own records, day by day.
        </p>
      </div>
      <RangeForm
        days={days}
        // The same days again is a fresh check: the ledger may have changed since.
        onDays={(next) =>
          next.from === days.from && next.to === days.to ? void report.refetch() : onDays(next)
        }
      />
      {report.isPending ? (
        <Loading label="Checking payments, refunds and transfers..." />
      ) : report.isError ? (
        <LoadFailed
          message={serverMessage(report.error, 'The check could not be run.')}
          retrying={report.isFetching}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <section
          aria-labelledby="reconciliation-result"
          aria-busy={report.isFetching}
          className="space-y-4"
        >
          <h2 id="reconciliation-result" className="text-lg font-semibold">
            {span}
          </h2>
          <p className="text-slate-700">
            Checked {count(report.data.checked.payments, 'payment', 'payments')} and{' '}
            {count(report.data.checked.refunds, 'refund', 'refunds')} with{' '}
            {report.data.gateway === 'stripe' ? 'Stripe' : 'the test gateway'}.
          </p>
          <p className="text-slate-700">
            Checked {count(report.data.checked.transfers, 'weekly transfer', 'weekly transfers')} to
            providers, and that each paid transfer's lines and payouts agree with it.
          </p>
          {report.data.differences.length === 0 ? (
            <EmptyList>No differences</EmptyList>
          ) : (
            <>
              <p role="status" className="font-medium text-red-800">
                {count(report.data.differences.length, 'difference', 'differences')} to look into
              </p>
              <DifferencesTable differences={report.data.differences} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
