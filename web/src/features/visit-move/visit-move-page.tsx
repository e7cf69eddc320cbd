import { useQuery } from '@tanstack/react-query';
import type { VisitMoveView } from '@twinclean/shared/day-moves';
import { hasCode } from '@twinclean/shared/http';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { AnnouncedStatus } from '../../components/announced-status';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { useAnswerVisitMove, visitMoveQueryOptions } from './api';
import { VisitMoveForm } from './visit-move-form';

const at = (date: string, time: string) => `${formatDate(date)} at ${formatSlot(time)}`;

/** What the client's answer did, once the move is settled. */
function settledText(visit: VisitMoveView): string {
  if (visit.status === 'skipped') return 'You skipped this visit. It is canceled, with no fee.';
  const now = at(visit.scheduledDate, visit.scheduledTime);
  return visit.status === 'accepted'
    ? `You kept the new time: your visit is on ${now}.`
    : `You picked another time: your visit is now on ${now}.`;
}

/** /visit-moves/{token}: the moved-day e-mail's link, for whoever holds it (no sign-in). */
export function VisitMovePage({ token }: { token: string }) {
  usePageMeta('Your visit is moved | TwinClean', 'Accept the new time, pick another, or skip.');
  const query = useQuery(visitMoveQueryOptions(token));
  const answer = useAnswerVisitMove(token);
  if (query.isPending) return <Loading label="Loading your visit…" />;
  if (query.isError) {
    const invalid = hasCode(query.error, 'not_found') || hasCode(query.error, 'validation_error');
    return invalid ? (
      <div role="alert" className="rounded-lg border bg-white p-6">
        <h1 className="text-2xl font-bold">This link is not valid</h1>
        <p className="mt-2 text-slate-600">
          Please use the whole link in the e-mail about your moved visit.
        </p>
      </div>
    ) : (
      <LoadFailed
        message="We couldn't load your visit."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const visit = query.data;
  const service = serviceTitle(visit.serviceType).toLowerCase();
  const proposed =
    visit.proposedDate && visit.proposedTime
      ? { date: visit.proposedDate, time: visit.proposedTime }
      : null;
  return (
    <div className="rounded-lg border bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight">Your visit is moved</h1>
      <p className="mt-2 text-slate-700">
        Hi {visit.clientFirstName}, we moved every visit on {formatDate(visit.fromDate)} (
        {visit.reason}), including your {service} at {visit.address}, {visit.city} at{' '}
        {formatSlot(visit.fromTime)}.
      </p>
      {visit.status !== 'pending' ? (
        <AnnouncedStatus className="mt-5 p-4">
          <p className="font-medium text-green-900">{settledText(visit)}</p>
        </AnnouncedStatus>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            {proposed
              ? `We moved it to ${at(proposed.date, proposed.time)}.`
              : 'No cleaner is free to take it in the next days, so please pick a new time.'}{' '}
            Nothing is charged for this visit until you answer.
          </p>
          <div className="mt-5">
            <VisitMoveForm
              proposed={proposed}
              pending={answer.isPending}
              submit={(input) => answer.mutateAsync(input)}
            />
          </div>
        </>
      )}
    </div>
  );
}
