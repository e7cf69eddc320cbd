import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { OfflineNote } from '../../lib/online';
import { availabilityQuery } from '../availability/availability-queries';
import { JobAlertsCard } from '../job-alerts/job-alerts-card';
import { jobBoardQuery } from './job-board-queries';
import { OpenJobCard } from './open-job-card';

/** Available Jobs: the open jobs that fit the provider's availability, to accept. */
export function JobBoardPage() {
  const board = useQuery(jobBoardQuery);
  const slots = useQuery(availabilityQuery);
  const noSlots = slots.data?.filter((s) => s.isActive).length === 0;
  return (
    <section>
      <PageTitle title="Available Jobs" subtitle="Browse and accept cleaning jobs in your area" />
      {noSlots && (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          You have no availability set, so every open job is shown.{' '}
          <Link to="/availability" className="font-medium underline">
            Set your availability
          </Link>{' '}
          to see only the jobs that fit your week.
        </p>
      )}
      <JobAlertsCard noSlots={noSlots} />
      <OfflineNote action="accept" />
      <QueryView query={board} loading="Loading jobs…">
        {(jobs) =>
          jobs.length === 0 ? (
            <EmptyState title="No Jobs Available">
              Check back later for new cleaning opportunities!
            </EmptyState>
          ) : (
            <ul className="grid gap-4">
              {jobs.map((job) => (
                <li key={job.id}>
                  <OpenJobCard job={job} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
