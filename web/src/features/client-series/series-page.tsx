import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@twinclean/shared/http';
import type { ClientSeries } from '@twinclean/shared/series';
import { Button } from '@twinclean/shared/ui/button';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { seriesQueryOptions } from './api';
import { type ChangeRequest, SeriesChangeDialog } from './change-forms';
import { canChangeVisit, isActive, shownVisits, visitPlace } from './format';
import { SeriesFacts, SeriesState, VisitStatus, visitWhen } from './series-facts';

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline';

/** 404 for a missing series and another client's alike, 400 for a mistyped id: not there. */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.code === 'validation_error');

function Visits(props: { series: ClientSeries; onChange: (request: ChangeRequest) => void }) {
  const { series, onChange } = props;
  const visits = shownVisits(series);
  if (visits.length === 0) {
    return (
      <p className="mt-3 text-slate-600">
        {series.pausedUntil && isActive(series)
          ? 'No visits while the series is paused.'
          : 'No visits planned in the next 30 days.'}
      </p>
    );
  }
  return (
    <ul className="mt-3 grid gap-3">
      {visits.map((visit) => {
        const when = visitWhen(visit);
        return (
          <li
            key={visit.bookingId}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-white p-4"
          >
            <div className="grid gap-1">
              <p className="font-medium">{when}</p>
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <VisitStatus status={visit.status} />
                {visit.status !== 'canceled' && <span>{visitPlace(visit)}</span>}
              </p>
            </div>
            {isActive(series) && canChangeVisit(visit) && (
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  aria-label={`Skip the visit on ${when}`}
                  onClick={() => onChange({ action: 'skip', visit })}
                >
                  Skip
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Move the visit on ${when}`}
                  onClick={() => onChange({ action: 'move', visit })}
                >
                  Move
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function SeriesActions(props: {
  series: ClientSeries;
  onChange: (request: ChangeRequest) => void;
}) {
  const { series, onChange } = props;
  return (
    <section aria-labelledby="series-actions" className="rounded-lg border bg-white p-4">
      <h2 id="series-actions" className="font-semibold">
        Change the series
      </h2>
      <div className="mt-3 grid gap-2">
        {series.pausedUntil ? (
          <Button variant="secondary" onClick={() => onChange({ action: 'resume' })}>
            Resume now
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => onChange({ action: 'pause' })}>
            Pause
          </Button>
        )}
        <Button variant="secondary" onClick={() => onChange({ action: 'reschedule' })}>
          Change frequency, day or time
        </Button>
        {series.regularProviderFirstName && (
          <Button variant="secondary" onClick={() => onChange({ action: 'new_cleaner' })}>
            Ask for another cleaner
          </Button>
        )}
        <Button variant="secondary" onClick={() => onChange({ action: 'cancel' })}>
          Cancel series
        </Button>
      </div>
    </section>
  );
}

/** /client/series/{id} (issue 31): the visits ahead and every change, each previewed first. */
export function SeriesPage({ id }: { id: string }) {
  const query = useQuery(seriesQueryOptions(id));
  const [request, setRequest] = useState<ChangeRequest | null>(null);
  const series = query.data;
  const missing = query.isError && isNotFound(query.error);
  usePageMeta(
    missing
      ? 'Series Not Found | TwinClean'
      : `${series?.label ?? 'Recurring cleaning'} | TwinClean`,
    'Your recurring cleaning: the visits ahead, skip, move, pause or change it.',
  );

  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/client" className={backLink}>
        <ArrowLeft className="size-4" aria-hidden />
        Back to Dashboard
      </Link>
      {query.isPending ? (
        <Loading label="Loading your recurring cleaning…" />
      ) : missing ? (
        <div className="py-16 text-center">
          <h1 className="text-3xl font-bold tracking-tight">Series Not Found</h1>
          <p className="mt-3 text-slate-600">
            We couldn't find this recurring cleaning in your account.
          </p>
        </div>
      ) : query.isError || !series ? (
        <LoadFailed
          message="We couldn't load this recurring cleaning."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">
              Recurring cleaning: {series.label}
            </h1>
            <SeriesState series={series} />
          </div>
          <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
            <section aria-labelledby="upcoming-visits" className="min-w-0">
              <h2 id="upcoming-visits" className="text-xl font-semibold">
                Upcoming visits
              </h2>
              <Visits series={series} onChange={setRequest} />
            </section>
            <div className="grid content-start gap-6">
              <section aria-label="About this series" className="rounded-lg border bg-white p-4">
                <SeriesFacts series={series} />
              </section>
              {isActive(series) && <SeriesActions series={series} onChange={setRequest} />}
            </div>
          </div>
          {request && (
            <SeriesChangeDialog
              series={series}
              request={request}
              onClose={() => setRequest(null)}
            />
          )}
        </>
      )}
    </section>
  );
}
