import { REGULAR_CLIENT_LABEL, type SeriesVisit, seriesVisitLabel } from '@twinclean/shared/series';
import { Repeat } from 'lucide-react';

/** A series visit's line on a job card: "Every 2 weeks · 5th visit"; nothing for a one-time job. */
export function SeriesLine({ series }: { series?: SeriesVisit | null }) {
  if (!series) return null;
  return (
    <span className="mt-1 flex items-center gap-1.5 text-sm font-medium text-brand-800">
      <Repeat className="size-4 shrink-0" aria-hidden />
      {seriesVisitLabel(series.frequency, series.visitNumber)}
    </span>
  );
}

/** The board's mark on a series visit: a client who books again and again. */
export function RegularClientMark({ series }: { series?: SeriesVisit | null }) {
  if (!series) return null;
  return (
    <span className="mb-2 inline-block rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
      {REGULAR_CLIENT_LABEL}
    </span>
  );
}
