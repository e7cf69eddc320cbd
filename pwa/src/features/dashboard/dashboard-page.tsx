import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CalendarClock } from 'lucide-react';
import { EmptyState } from '../../components/empty-state';
import { dollars } from '../../components/job-facts';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { StatTile } from '../../components/stat-tile';
import { OfflineNote } from '../../lib/online';
import { useKeepVisitNotes } from '../home-notes/keep-visit-notes';
import { jobBoardQuery } from '../job-board/job-board-queries';
import { OpenJobCard } from '../job-board/open-job-card';
import { jobsQuery } from '../jobs/job-queries';
import { statsQuery } from '../payouts/payout-queries';
import { signOut } from '../session/sign-out';
import { MyJobs, SHOWN } from './my-jobs';

const route = getRouteApi('/');

/** The provider's home: earnings, the clock for the job at hand, the next jobs and open ones. */
export function DashboardPage() {
  const { user, queryClient } = route.useRouteContext();
  const stats = useQuery(statsQuery);
  const jobs = useQuery(jobsQuery);
  const board = useQuery(jobBoardQuery);
  // The door codes of today's visits reach the phone while it has signal (entry-notes-rule.ts).
  useKeepVisitNotes(queryClient, user.id, jobs.data);
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
            void signOut(queryClient);
          }}
          className="font-medium text-slate-700 underline"
        >
          Sign out
        </a>
      </nav>
    </div>
  );
}
