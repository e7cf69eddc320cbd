import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { roomLabel } from '@twinclean/shared/pricing';
import { hasPriceToConfirm, jobTitle, type ProviderJob } from '@twinclean/shared/provider-jobs';
import { ArrowLeft, Mail, Phone } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { dollars, JobFacts } from '../../components/job-facts';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { StatusBadge } from '../../components/status-badge';
import { bonusOf, UrgentBonus } from '../../components/urgent-bonus';
import { isNotFound } from '../../lib/api-reads';
import { awaitingApprovalText } from '../../lib/final-price-text';
import { ChecklistPanel } from '../checklist/checklist-panel';
import { ClockPanel } from '../clock/clock-panel';
import { HomeNotesPanel } from '../home-notes/home-notes-panel';
import { OnMyWayPanel } from '../on-my-way/on-my-way-panel';
import { withLocalPunches } from '../outbox/local-job';
import { useJobEntries } from '../outbox/use-outbox';
import { PhotoPanel } from '../photos/photo-panel';
import { SeriesVisitActions } from '../series-visit/series-visit-actions';
import { jobQuery } from './job-queries';

// Only a carpet or rug job waiting for its price needs the form (and its form library).
const FinalPricePanel = lazy(() => import('./final-price-panel'));

/**
 * The provider may still set this job's price: theirs, a carpet or rug job, not done with (a
 * clock-out on this phone counts, even unsent: it carries the price, or the office sets it), and
 * no price already waiting for the client.
 */
const priceToConfirm = (job: ProviderJob) =>
  hasPriceToConfirm(job.serviceType) &&
  job.priceIsFinal === false &&
  !job.priceAwaitingApproval &&
  job.status !== 'completed' &&
  job.status !== 'canceled';

const isPickup = (job: ProviderJob) =>
  job.serviceType === 'laundry' || job.serviceType === 'dry_cleaning';

const route = getRouteApi('/jobs/$id');

/**
 * A job of the provider's: its facts, its client, On My Way and the clock, the checklist, the
 * photos and its final price.
 */
export function JobPage() {
  const { id } = route.useParams();
  const job = useQuery({ ...jobQuery(id ?? ''), enabled: id !== null });
  if (id === null || isNotFound(job.error)) return <JobNotFound />;
  return (
    <QueryView query={job} loading="Loading the job…">
      {(data) => <JobScreen job={data} />}
    </QueryView>
  );
}

function JobScreen({ job }: { job: ProviderJob }) {
  const bonus = bonusOf(job);
  const local = withLocalPunches(job, useJobEntries(job.id));
  const awaiting = job.status !== 'canceled' ? awaitingApprovalText(job) : null;
  return (
    <article className="grid gap-4">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700">
        <ArrowLeft className="size-4" aria-hidden />
        Dashboard
      </Link>
      <div className="flex items-center justify-between gap-2">
        <PageTitle title={jobTitle(job)} />
        <StatusBadge status={job.status} />
      </div>
      <section aria-label="Job" className="rounded-lg border p-4">
        {bonus && <UrgentBonus bonus={bonus} />}
        <JobFacts job={{ ...job, clientNotes: '' }} headingLevel={null} />
        {job.selectedRooms.length > 0 && (
          <p className="mt-3 text-sm text-slate-700">
            <span className="font-medium">Rooms:</span>{' '}
            {job.selectedRooms.map(roomLabel).join(', ')}
          </p>
        )}
        <ClientPrice job={job} />
      </section>
      {awaiting && (
        <Panel title="Final Price">
          <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            {awaiting} Until then the price and your pay stay at the estimate.
          </p>
        </Panel>
      )}
      {priceToConfirm(local) && (
        <Panel title="Confirm Final Price">
          <Suspense fallback={<p className="text-sm text-slate-600">Loading the form…</p>}>
            <FinalPricePanel job={job} />
          </Suspense>
        </Panel>
      )}
      <Panel title="Client Information">
        <p className="font-medium">
          {job.clientFirstName} {job.clientLastName}
        </p>
        <p className="text-sm text-slate-700">
          {isPickup(job) && <span className="font-medium">Pickup: </span>}
          {job.address}, {job.city}, {job.state} {job.zipCode}
        </p>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {job.clientPhone && (
            <a
              href={`tel:${job.clientPhone}`}
              className="inline-flex items-center gap-1 text-brand-700"
            >
              <Phone className="size-4" aria-hidden />
              {job.clientPhone}
            </a>
          )}
          <a
            href={`mailto:${job.clientEmail}`}
            className="inline-flex items-center gap-1 text-brand-700"
          >
            <Mail className="size-4" aria-hidden />
            {job.clientEmail}
          </a>
        </div>
      </Panel>
      <Panel title="Special Instructions">
        <p className="text-sm text-slate-700">{job.clientNotes || 'No special instructions.'}</p>
      </Panel>
      {job.status !== 'canceled' && (
        <Panel title="Home Notes">
          <HomeNotesPanel job={local} />
        </Panel>
      )}
      <Panel title="Time Tracking">
        <div className="grid gap-4">
          <OnMyWayPanel job={job} />
          <ClockPanel job={job} surface="job" />
        </div>
      </Panel>
      {job.checklist && job.status !== 'canceled' && (
        <Panel title="Checklist">
          <ChecklistPanel job={job} checklist={job.checklist} />
        </Panel>
      )}
      <Panel title="Photos">
        <PhotoPanel job={job} />
      </Panel>
      <SeriesVisitActions job={local} />
    </article>
  );
}

/** A carpet or rug job's client price: the estimate until confirmed, then the final one. */
function ClientPrice({ job }: { job: ProviderJob }) {
  if (!hasPriceToConfirm(job.serviceType) || !job.clientAmount) return null;
  return (
    <p className="mt-3 text-sm text-slate-700">
      {job.priceIsFinal ? (
        <>
          <span className="font-medium">Final price:</span> {dollars(job.clientAmount)}
          {job.estimatedAmount && ` (estimate ${dollars(job.estimatedAmount)})`}
        </>
      ) : (
        <>
          <span className="font-medium">Estimate:</span> {dollars(job.clientAmount)}, final price
          not confirmed yet
        </>
      )}
    </p>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border p-4">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function JobNotFound() {
  return (
    <section className="py-16 text-center">
      <PageTitle title="Not Found" />
      <p className="text-slate-600">This job does not exist or is not assigned to you.</p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white"
      >
        Back to Dashboard
      </Link>
    </section>
  );
}
