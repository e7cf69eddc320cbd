import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { statusLabel } from '@twinclean/shared/booking-status';
import { formatDate, formatInstant, formatSlot } from '@twinclean/shared/schedule';
import { PlainTable } from '../../components/admin-list/plain-table';
import { DetailCard, Facts } from '../../components/detail-card';
import { LoadFailed, Loading } from '../../components/query-states';
import { adminSeriesQueryOptions } from './api';
import { ChangeCard } from './change-card';
import { rhythm, seriesState } from './format';
import { RegularProviderCard } from './regular-provider-card';

/** /admin/series/$id: a series' facts, its visits, its history, and what an admin may change. */
export function AdminSeriesPage({ id }: { id: string }) {
  const query = useQuery(adminSeriesQueryOptions(id));
  if (query.isError) {
    return (
      <LoadFailed
        message="The series could not be loaded."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <Loading label="Loading series..." />;
  const details = query.data;
  const { series } = details;
  return (
    <div className="mx-auto grid max-w-7xl gap-5">
      <div>
        <Link to="/admin/series" className="text-sm text-brand-700 underline">
          All series
        </Link>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">
          {series.client.name}: {series.label.toLowerCase()}
        </h1>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <DetailCard title="Series">
          <Facts
            rows={[
              ['Client', series.client.name],
              ['Service', series.serviceType === 'house' ? 'House cleaning' : 'Laundry pickup'],
              ['How often', series.label],
              ['Day and time', rhythm(series.weekday, series.scheduledTime)],
              ['Address', details.address],
              ['State', seriesState(series)],
              details.cancellationReason !== null && ['Why canceled', details.cancellationReason],
            ]}
          />
        </DetailCard>
        <RegularProviderCard details={details} />
        {!series.canceledAt && <ChangeCard id={series.id} paused={series.pausedUntil !== null} />}
      </div>
      <DetailCard title="Visits">
        {details.visits.length === 0 ? (
          <p className="text-sm text-slate-600">No visits planned yet.</p>
        ) : (
          <PlainTable headings={['Date', 'Time', 'Status', 'Provider']} className="min-w-[36rem]">
            {details.visits.map((v) => (
              <tr key={v.bookingId}>
                <td className="px-3 py-2">
                  <Link
                    to="/admin/bookings/$id"
                    params={{ id: v.bookingId }}
                    className="text-brand-700 underline"
                  >
                    {formatDate(v.scheduledDate)}
                  </Link>
                  {v.scheduledDate !== v.seriesDate && (
                    <span className="text-slate-600"> (planned {formatDate(v.seriesDate)})</span>
                  )}
                </td>
                <td className="px-3 py-2">{formatSlot(v.scheduledTime)}</td>
                <td className="px-3 py-2">{statusLabel(v.status)}</td>
                <td className="px-3 py-2">{v.provider?.name ?? 'Job board'}</td>
              </tr>
            ))}
          </PlainTable>
        )}
      </DetailCard>
      <DetailCard title="History">
        {details.history.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing has changed yet.</p>
        ) : (
          <ol className="grid gap-3 text-sm">
            {details.history.map((e) => (
              <li key={e.id} className="border-b pb-2 last:border-b-0">
                <p className="text-slate-600">
                  {formatInstant(e.at)}
                  {e.actorName ? ` · ${e.actorName}` : ''}
                </p>
                <p>{e.summary}</p>
              </li>
            ))}
          </ol>
        )}
      </DetailCard>
    </div>
  );
}
