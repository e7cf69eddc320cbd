import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ClientSeries } from '@twinclean/shared/series';
import { LoadFailed, Loading } from '../../components/query-states';
import { seriesListQueryOptions } from './api';
import { homeName, shownVisits } from './format';
import { SeriesFacts, SeriesState, VisitStatus, visitWhen } from './series-facts';

/** How many of a series' next visits the dashboard lists; its page lists them all. */
export const VISITS_SHOWN = 3;

function SeriesCard({ series }: { series: ClientSeries }) {
  const next = shownVisits(series).slice(0, VISITS_SHOWN);
  return (
    <li className="grid gap-3 rounded-lg border bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold">{series.label}</h3>
        <SeriesState series={series} />
      </div>
      <SeriesFacts series={series} />
      {next.length > 0 ? (
        <ul aria-label={`Next visits of ${series.label}`} className="grid gap-1 text-sm">
          {next.map((visit) => (
            <li key={visit.bookingId} className="flex flex-wrap items-center gap-2">
              <span>{visitWhen(visit)}</span>
              <VisitStatus status={visit.status} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No visits planned in the next 30 days.</p>
      )}
      <Link
        to="/client/series/$id"
        params={{ id: series.id }}
        aria-label={`Manage ${series.label} at ${homeName(series.home)}`}
        className="justify-self-start rounded-md border px-4 py-2 font-medium hover:bg-slate-50"
      >
        Manage
      </Link>
    </li>
  );
}

/** The dashboard's "Recurring cleanings" (issue 31): each series, its next visits, Manage. */
export function RecurringCleanings() {
  const query = useQuery(seriesListQueryOptions());
  return (
    <section aria-labelledby="recurring-cleanings" className="mt-10">
      <h2 id="recurring-cleanings" className="text-xl font-semibold">
        Recurring cleanings
      </h2>
      {query.isPending ? (
        <Loading label="Loading your recurring cleanings…" />
      ) : query.isError ? (
        <LoadFailed
          message="We couldn't load your recurring cleanings."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="mt-3 text-slate-600">
          No recurring cleanings. Choose “How often?” when you{' '}
          <a href="/book" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            book a cleaning
          </a>{' '}
          to have one come back every week, 2 weeks or 4 weeks.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {query.data.map((series) => (
            <SeriesCard key={series.id} series={series} />
          ))}
        </ul>
      )}
    </section>
  );
}
