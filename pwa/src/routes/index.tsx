import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { jobTitle } from '@twinclean/shared/provider-jobs';
import { nextPunch } from '@twinclean/shared/punches';
import { chicagoDate, formatDate } from '@twinclean/shared/schedule';
import { CalendarClock, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { dollars, jobTime } from '../components/job-facts';
import { OpenJobCard } from '../components/open-job-card';
import { PageTitle } from '../components/page-title';
import { QueryView } from '../components/query-view';
import { StatTile } from '../components/stat-tile';
import { StatusBadge } from '../components/status-badge';
import { bonusOf } from '../components/urgent-bonus';
import { jobBoardQuery, jobsQuery, prefetching, statsQuery } from '../features/api';
import { ClockPanel } from '../features/clock-panel';
import { turnOffJobAlerts } from '../features/job-alerts';
import { OfflineNote } from '../features/online';
import { forgetQueries } from '../features/query-client';

export const Route = createFileRoute('/')({
  loader: prefetching(statsQuery, jobsQuery, jobBoardQuery),
  component: Dashboard,
});

// Spec 2 §9: three upcoming and three available jobs.
const SHOWN = 3;

function Dashboard() {
  const { user, queryClient } = Route.useRouteContext();
  const stats = useQuery(statsQuery);
  const jobs = useQuery(jobsQuery);
  const board = useQuery(jobBoardQuery);
  return (
    <div className="grid gap-6">
      <PageTitle title={`Welcome back, ${user.firstName}`} subtitle="Your jobs and earnings" />
      <QueryView query={stats} loading="Loading your earnings…">
        {(s) => (
          <div className="grid grid-cols-2 gap-3">
            <StatTile
              label="This week"
              value={dollars(s.weeklyEarnings)}
              hint={`${s.weeklyHours.toFixed(2)} hours`}
            />
            <StatTile
              label="Last 30 days"
              value={dollars(s.monthlyEarnings)}
              hint={`${s.monthlyHours.toFixed(2)} hours`}
            />
            <StatTile label="Jobs done" value={String(s.totalJobs)} />
            <StatTile label="Rating" value={s.rating === null ? 'N/A' : s.rating.toFixed(1)} />
          </div>
        )}
      </QueryView>

      <QueryView query={jobs} loading="Loading your jobs…">
        {(all) => <MyJobs jobs={all} />}
      </QueryView>

      <section aria-labelledby="available-heading">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="available-heading" className="text-lg font-semibold">
            Available Jobs
          </h2>
          <Link to="/job-board" className="text-sm font-medium text-brand-700">
            View all
          </Link>
        </div>
        <OfflineNote action="accept" />
        <QueryView query={board} loading="Loading open jobs…">
          {(open) =>
            open.length === 0 ? (
              <EmptyState title="No Jobs Available">
                Check back later for new cleaning opportunities!
              </EmptyState>
            ) : (
              <ul className="grid gap-3">
                {open.slice(0, SHOWN).map((job) => (
                  <li key={job.id}>
                    <OpenJobCard job={job} headingLevel={3} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>

      <nav aria-label="Account" className="flex flex-wrap gap-4 text-sm">
        <Link
          to="/availability"
          className="inline-flex items-center gap-1 font-medium text-brand-700"
        >
          <CalendarClock className="size-4" aria-hidden />
          Set my availability
        </Link>
        <a
          href="/api/logout"
          onClick={(event) => {
            event.preventDefault();
            forgetQueries(queryClient);
            void signOut();
          }}
          className="font-medium text-slate-700 underline"
        >
          Sign out
        </a>
      </nav>
    </div>
  );
}

/** A signed-out provider's phone stops getting their job alerts (given a few seconds to say so). */
async function signOut() {
  const giveUp = new Promise((resolve) => setTimeout(resolve, 3000));
  await Promise.race([turnOffJobAlerts({ signingOut: true }).catch(() => {}), giveUp]);
  window.location.assign('/api/logout');
}

/** The clock for the job at hand, then the next jobs. */
function MyJobs({ jobs }: { jobs: ProviderJob[] }) {
  const upcoming = jobs.filter((j) => j.status !== 'completed' && j.status !== 'canceled');
  // The job being worked, else today's first one to clock into: never one days ahead, so a
  // second tap after clocking out cannot start tomorrow's job.
  const today = chicagoDate(new Date());
  const current =
    upcoming.find((j) => nextPunch(j) === 'out') ??
    upcoming.find((j) => nextPunch(j) === 'in' && j.scheduledDate === today);
  return (
    <>
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
