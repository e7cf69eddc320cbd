import type { OpenJob } from '@twinclean/shared/provider-jobs';
import { Zap } from 'lucide-react';
import { dollars } from './job-facts';

/** An auction-board job's bonus (DECISIONS.md "Admin operations"), or null for any other job. */
export const bonusOf = (job: Pick<OpenJob, 'urgent' | 'bonus'>) =>
  job.urgent && job.bonus ? job.bonus : null;

/** "Urgent job +$25.00 bonus": on the board's card, and on the job once it is the provider's. */
export function UrgentBonus({ bonus }: { bonus: string }) {
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm font-semibold text-amber-900">
      <Zap className="size-4" aria-hidden />
      <span>Urgent job</span>
      <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-green-800">
        +{dollars(bonus)} bonus
      </span>
    </p>
  );
}
