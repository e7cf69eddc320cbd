import { serverMessage } from '@twinclean/shared/http';
import type { OpenJob } from '@twinclean/shared/provider-jobs';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { JobFacts } from '../../components/job-facts';
import { RegularClientMark } from '../../components/series-line';
import { bonusOf, UrgentBonus } from '../../components/urgent-bonus';
import { useOnline } from '../../lib/online';
import { dismissJobAlert } from '../job-alerts/job-alerts';
import { useAcceptJob } from './job-board-queries';

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
  const bonus = bonusOf(job);
  return (
    <article
      className={`rounded-lg p-4 shadow-sm ${bonus ? 'border-2 border-amber-600 bg-amber-50' : 'border bg-white'}`}
    >
      {bonus && <UrgentBonus bonus={bonus} />}
      <RegularClientMark series={job.series} />
      <JobFacts job={job} headingLevel={headingLevel} />
      <Button className="mt-4 w-full" disabled={accept.isPending || !online} onClick={onAccept}>
        {accept.isPending ? 'Accepting...' : 'Accept Job'}
      </Button>
    </article>
  );
}
