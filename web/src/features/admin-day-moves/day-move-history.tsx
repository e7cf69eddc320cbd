import { useQuery } from '@tanstack/react-query';
import { formatDate, formatInstant } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { useState } from 'react';
import { PlainTable } from '../../components/admin-list/plain-table';
import { LoadFailed, Loading } from '../../components/query-states';
import { dayMoveHistoryQueryOptions, dayMoveQueryOptions } from './api';
import { VisitsTable } from './visits-table';

function DayMoveVisits({ id }: { id: string }) {
  const query = useQuery(dayMoveQueryOptions(id));
  if (query.isPending) return <Loading label="Loading the visits..." />;
  if (query.isError) {
    return (
      <LoadFailed
        message="The visits could not be loaded."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <VisitsTable visits={query.data.visits} settled />;
}

/** The days moved so far, newest first; each opens to its visits and their clients' answers. */
export function DayMoveHistory() {
  const history = useQuery(dayMoveHistoryQueryOptions());
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="day-move-history" className="grid gap-3">
      <h2 id="day-move-history" className="text-xl font-semibold">
        Days moved
      </h2>
      {history.isPending ? (
        <Loading label="Loading the days moved..." />
      ) : history.isError ? (
        <LoadFailed
          message="The days moved could not be loaded."
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.length === 0 ? (
        <p className="text-slate-600">No day has been moved yet.</p>
      ) : (
        <>
          <PlainTable
            headings={['Date', 'Reason', 'Visits', 'Waiting for clients', 'Moved']}
            actions
            className="min-w-[44rem]"
          >
            {history.data.map((day) => (
              <tr key={day.id}>
                <td className="px-3 py-2">{formatDate(day.date)}</td>
                <td className="px-3 py-2">{day.reason}</td>
                <td className="px-3 py-2">{day.visitCount}</td>
                <td className="px-3 py-2">{day.pendingCount}</td>
                <td className="px-3 py-2">
                  {formatInstant(day.createdAt)}
                  {day.createdByName ? ` by ${day.createdByName}` : ''}
                </td>
                <td className="px-3 py-2">
                  <Button
                    variant="link"
                    aria-expanded={open === day.id}
                    onClick={() => setOpen(open === day.id ? null : day.id)}
                  >
                    {open === day.id ? 'Hide visits' : `Show visits of ${formatDate(day.date)}`}
                  </Button>
                </td>
              </tr>
            ))}
          </PlainTable>
          {open && <DayMoveVisits id={open} />}
        </>
      )}
    </section>
  );
}
