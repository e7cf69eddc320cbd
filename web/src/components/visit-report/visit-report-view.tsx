import { formatClock, formatInstant } from '@twinclean/shared/schedule';
import type { TipOffer } from '@twinclean/shared/tips';
import type { VisitReport } from '@twinclean/shared/visit-report';
import { FileDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { money } from '../../lib/format';
import { DetailCard, Facts } from '../detail-card';
import { Stars } from '../stars';
import type { ReportSource } from './api';
import { ReportChecklist } from './report-checklist';
import { distanceText, locationVerdict, timeWorkedText } from './report-format';
import { ReportPhotos } from './report-photos';
import { TipPanel } from './tip-panel';

type PunchFact = NonNullable<VisitReport['arrival']>;

/** A punch: its time, whether it was at the home, and how far. */
function Punch({ punch }: { punch: PunchFact | null }) {
  if (!punch) return <span className="text-slate-600">Not recorded</span>;
  const distance = distanceText(punch.distanceM);
  return (
    <span className="grid gap-0.5">
      <span>{formatClock(new Date(punch.at))}</span>
      <span className={punch.geofenceVerified ? 'text-green-800' : 'text-amber-800'}>
        {locationVerdict(punch)}
      </span>
      {distance && <span className="font-normal text-slate-600">{distance}</span>}
    </span>
  );
}

function OnMyWay({ onMyWay }: { onMyWay: NonNullable<VisitReport['onMyWay']> }) {
  return (
    <span>
      {formatClock(new Date(onMyWay.at))}
      {onMyWay.etaAt && (
        <span className="font-normal text-slate-600">
          {' '}
          (estimated arrival {formatClock(new Date(onMyWay.etaAt))})
        </span>
      )}
    </span>
  );
}

function Rating({ rating }: { rating: VisitReport['rating'] }) {
  if (rating.stars !== null) return <Stars stars={rating.stars} />;
  if (rating.url) {
    return (
      <a
        href={rating.url}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Rate this visit
      </a>
    );
  }
  return <span className="text-slate-600">Not rated</span>;
}

/**
 * The proof-of-visit report (issue 32), the same for the client's booking page, the e-mailed
 * link and the admin booking page: the punches, the hours, the checklist, the photos, the rating
 * and the tips. `source` says who reads it; an admin sees the tips but is not offered one.
 */
export function VisitReportView({ report, source }: { report: VisitReport; source: ReportSource }) {
  // A tip just given may close the offer when the report is read again: the panel (and its
  // thank-you) stays with the offer it was opened on.
  const offer = useRef<TipOffer | null>(null);
  if (report.tips.offer) offer.current = report.tips.offer;
  const tipOffer = source.kind === 'admin' ? null : offer.current;

  // The completion e-mail's "Add a tip" link ends in #tip; the panel exists only once loaded.
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || !tipOffer || window.location.hash !== '#tip') return;
    scrolled.current = true;
    document.getElementById('tip')?.scrollIntoView();
  }, [tipOffer]);

  const worked = timeWorkedText(report.workedHours, report.bookedHours);
  return (
    <div className="grid gap-6">
      <DetailCard
        title="Visit report"
        aside={
          <a
            href={report.pdfUrl}
            download
            className="inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            <FileDown className="size-4" aria-hidden />
            Download PDF
          </a>
        }
      >
        <Facts
          rows={[
            ['Cleaner', report.cleanerFirstName ?? 'Not assigned'],
            ['Service', report.serviceLabel],
            ['Scheduled', formatInstant(report.scheduledAt)],
            ['Address', report.address],
            report.onMyWay && ['On my way', <OnMyWay key="omw" onMyWay={report.onMyWay} />],
            ['Arrived', <Punch key="in" punch={report.arrival} />],
            ['Left', <Punch key="out" punch={report.departure} />],
            worked ? ['Time worked', worked] : null,
            ['Rating', <Rating key="rating" rating={report.rating} />],
          ]}
        />
        {report.linkExpiresAt && (
          <p className="mt-3 text-xs text-slate-600">
            This link works until {formatInstant(report.linkExpiresAt)}.
          </p>
        )}
      </DetailCard>
      <DetailCard title="Checklist">
        <ReportChecklist checklist={report.checklist} photos={report.photos} />
      </DetailCard>
      <DetailCard title="Before and after">
        <ReportPhotos photos={report.photos} />
      </DetailCard>
      {report.tips.given.length > 0 && (
        <DetailCard title="Tips">
          <ul className="grid gap-1 text-sm">
            {report.tips.given.map((tip) => (
              <li key={tip.at} className="flex flex-wrap justify-between gap-2">
                <span>{formatInstant(tip.at)}</span>
                <span className="font-semibold tabular-nums">
                  {money(tip.amount)}
                  {Number(tip.refunded) > 0 && ` (${money(tip.refunded)} refunded)`}
                </span>
              </li>
            ))}
          </ul>
        </DetailCard>
      )}
      {tipOffer && <TipPanel offer={tipOffer} source={source} />}
    </div>
  );
}
