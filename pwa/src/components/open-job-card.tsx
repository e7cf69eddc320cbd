import { serverMessage } from '@twinclean/shared/http';
import type { OpenJob } from '@twinclean/shared/provider-jobs';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { Zap } from 'lucide-react';
import { useAcceptJob } from '../features/api';
import { dismissJobAlert } from '../features/job-alerts';
import { useOnline } from '../features/online';
import { dollars, JobFacts } from './job-facts';

/** A job-board card with its Accept Job button; the first provider to accept wins. */
export function OpenJobCard({ job, headingLevel }: { job: OpenJob; headingLevel?: 2 | 3 }) {
  const accept = useAcceptJob();
  // Accepting needs the server's word (first come wins); the page says so when offline.
  const online = useOnline();
  const onAccept = () =>
    accept.mutate(job.id, {
      onSuccess: () => {
        toast({
          title: 'Job Accepted!',
          description: "You've successfully accepted this cleaning job.",
        });
        void dismissJobAlert(job.id);
        // The card (and its focused button) leaves the board.
        document.querySelector<HTMLElement>('h1')?.focus();
      },
      onError: (error) =>
        toast({
          title: 'Failed to Accept Job',
          description: serverMessage(error, 'This job may no longer be available.'),
          variant: 'destructive',
        }),
    });
  // An auction-board job (DECISIONS.md "Admin operations"): highlighted, its bonus on top.
  const bonus = job.urgent ? job.bonus : null;
  return (
    <article
      className={`rounded-lg p-4 shadow-sm ${bonus ? 'border-2 border-amber-600 bg-amber-50' : 'border bg-white'}`}
    >
      {bonus && (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm font-semibold text-amber-900">
          <Zap className="size-4" aria-hidden />
          <span>Urgent job</span>
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-green-800">
            +{dollars(bonus)} bonus
          </span>
        </p>
      )}
      <JobFacts job={job} headingLevel={headingLevel} />
      <Button className="mt-4 w-full" disabled={accept.isPending || !online} onClick={onAccept}>
        {accept.isPending ? 'Accepting...' : 'Accept Job'}
      </Button>
    </article>
  );
}
