import { Link } from '@tanstack/react-router';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { jobTitle } from '@twinclean/shared/provider-jobs';
import { nextPunch } from '@twinclean/shared/punches';
import { chicagoDate, formatDate } from '@twinclean/shared/schedule';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { dollars, jobTime } from '../../components/job-facts';
import { SeriesLine } from '../../components/series-line';
import { StatusBadge } from '../../components/status-badge';
import { bonusOf } from '../../components/urgent-bonus';
import { useProviderId } from '../../lib/provider-id';
import { ClockPanel } from '../clock/clock-panel';
import { OnMyWayPanel } from '../on-my-way/on-my-way-panel';
import { nextVisitToBeOnTheWay } from '../on-my-way/on-my-way-rule';
import { useUnsettledEntries } from '../outbox/use-outbox';

// Spec 2 §9: three upcoming and three available jobs.
export const SHOWN = 3;

/** The clock for the job at hand, then the next jobs. */
export function MyJobs({ jobs }: { jobs: ProviderJob[] }) {
  const entries = useUnsettledEntries(useProviderId());
  const upcoming = jobs.filter((j) => j.status !== 'completed' && j.status !== 'canceled');
  // The job being worked, else today's first one to clock into: never one days ahead, so a
  // second tap after clocking out cannot start tomorrow's job.
  const today = chicagoDate(new Date());
  const current =
    upcoming.find((j) => nextPunch(j) === 'out') ??
    upcoming.find((j) => nextPunch(j) === 'in' && j.scheduledDate === today);
  // Chosen as its panel decides, with the phone's own punches: a visit clocked into offline
  // would leave an empty "Next Visit" box (the panel shows nothing once clocked in).
  const onTheWay = nextVisitToBeOnTheWay(upcoming, entries, new Date());
  return (
    <>
      {onTheWay && (
        <section aria-labelledby="next-visit-heading" className="rounded-lg border p-4">
          <h2 id="next-visit-heading" className="text-lg font-semibold">
            Next Visit
          </h2>
          <p className="mb-3 text-sm text-slate-700">
            <Link
              to="/jobs/$id"
              params={{ id: onTheWay.id }}
              className="font-medium text-brand-700"
            >
              {jobTitle(onTheWay)}, {onTheWay.address}
            </Link>{' '}
            · {formatDate(onTheWay.scheduledDate)}, {jobTime(onTheWay)}
          </p>
          <OnMyWayPanel key={onTheWay.id} job={onTheWay} />
        </section>
      )}
      <section aria-labelledby="clock-heading" className="rounded-lg border p-4">
        <h2 id="clock-heading" className="text-lg font-semibold">
          Time Clock
        </h2>
        {current ? (
          <>
            <p className="mb-3 text-sm text-slate-700">
              <Link
                to="/jobs/$id"
                params={{ id: current.id }}
                className="font-medium text-brand-700"
              >
                {jobTitle(current)}, {current.address}
              </Link>{' '}
              · {formatDate(current.scheduledDate)}, {jobTime(current)}
            </p>
            <ClockPanel key={current.id} job={current} surface="dashboard" />
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No job to clock in to today.</p>
        )}
      </section>
      <UpcomingJobs jobs={upcoming} />
    </>
  );
}

/** The next jobs: three (spec 2 §9), and all of them on request so none is out of reach. */
function UpcomingJobs({ jobs }: { jobs: ProviderJob[] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? jobs : jobs.slice(0, SHOWN);
  return (
    <section aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading" className="mb-3 text-lg font-semibold">
        Upcoming Jobs
      </h2>
      {jobs.length === 0 ? (
        <EmptyState title="No upcoming jobs">
          Accept a job from the{' '}
          <Link to="/job-board" className="underline">
            job board
          </Link>
          .
        </EmptyState>
      ) : (
        <>
          <ul id="upcoming-jobs" className="grid gap-2">
            {shown.map((job) => (
              <li key={job.id}>
                <UpcomingJob job={job} />
              </li>
            ))}
          </ul>
          {jobs.length > SHOWN && (
            <button
              type="button"
              aria-expanded={showAll}
              aria-controls="upcoming-jobs"
              onClick={() => setShowAll(!showAll)}
              className="mt-2 min-h-11 text-sm font-medium text-brand-700 underline"
            >
              {showAll ? 'Show fewer' : `Show all ${jobs.length} upcoming jobs`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function UpcomingJob({ job }: { job: ProviderJob }) {
  const bonus = bonusOf(job);
  return (
    <Link
      to="/jobs/$id"
      params={{ id: job.id }}
      className="flex items-center gap-3 rounded-lg border p-3 hover:bg-slate-50"
    >
      <span className="flex-1">
        <span className="block font-medium">{jobTitle(job)}</span>
        <SeriesLine series={job.series} />
        <span className="block text-sm text-slate-600">
          {formatDate(job.scheduledDate)}, {jobTime(job)}
        </span>
        <span className="block text-sm text-slate-600">{job.address}</span>
        {bonus && (
          <span className="mt-1 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            +{dollars(bonus)} bonus
          </span>
        )}
      </span>
      <StatusBadge status={job.status} />
      <ChevronRight className="size-4 text-slate-400" aria-hidden />
    </Link>
  );
}
