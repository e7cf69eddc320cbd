import { statusLabel } from '@twinclean/shared/booking-status';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import type { ClientSeries } from '@twinclean/shared/series';
import { Badge } from '@twinclean/shared/ui/badge';
import { cleanerLine, scheduleLine } from './format';

/** The series in a few lines: rhythm, home, cleaner, discount and whether it is paused. */
export function SeriesFacts({ series }: { series: ClientSeries }) {
  return (
    <dl className="grid gap-1 text-sm text-slate-700">
      <div>
        <dt className="sr-only">Schedule</dt>
        <dd>{scheduleLine(series)}</dd>
      </div>
      <div>
        <dt className="sr-only">Home</dt>
        <dd>
          {series.home.label
            ? `${series.home.label} · ${series.home.address}`
            : series.home.address}
        </dd>
      </div>
      <div>
        <dt className="sr-only">Cleaner</dt>
        <dd>{cleanerLine(series.regularProviderFirstName)}</dd>
      </div>
      {series.discountPercent > 0 && (
        <div>
          <dt className="sr-only">Discount</dt>
          <dd>{series.discountPercent}% off each visit</dd>
        </div>
      )}
    </dl>
  );
}

/** "Paused until Dec 5, 2026" or "Canceled", when the series is either. */
export function SeriesState({ series }: { series: ClientSeries }) {
  if (series.canceledAt) return <Badge tone="danger">Canceled</Badge>;
  if (series.pausedUntil) {
    return <Badge tone="warning">Paused until {formatDate(series.pausedUntil)}</Badge>;
  }
  return null;
}

/** A visit's status in words; a canceled visit of a series is one skipped or canceled. */
export function VisitStatus({ status }: { status: string }) {
  return (
    <Badge tone={status === 'canceled' ? 'danger' : status === 'completed' ? 'success' : 'neutral'}>
      <span className="sr-only">Status: </span>
      {statusLabel(status)}
    </Badge>
  );
}

export const visitWhen = (visit: { scheduledDate: string; scheduledTime: string }) =>
  `${formatDate(visit.scheduledDate)} at ${formatSlot(visit.scheduledTime)}`;
