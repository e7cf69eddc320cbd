import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { jobTitle, type OpenJob } from '@twinclean/shared/provider-jobs';
import { JOB_ALERTS_URL, jobAlertTag, type PushMessage } from '@twinclean/shared/push';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';

const when = (job: OpenJob) =>
  `${formatDate(job.scheduledDate)} at ${formatSlot(job.scheduledTime)}`;

/** "New job: Medium Home" / "Jan 5, 2025 at 9:00 AM in Minneapolis · $75.00". */
export function newJobAlert(job: OpenJob): PushMessage {
  const pay =
    job.totalAmount === null ? '' : ` · ${formatDollars(dollarsToCents(job.totalAmount))}`;
  return {
    title: `New job: ${jobTitle(job)}`,
    body: `${when(job)} in ${job.city}${pay}`,
    tag: jobAlertTag(job.id),
    url: JOB_ALERTS_URL,
  };
}

/** Replaces the job's alert on the phone (same tag), so nobody taps through to a job that is gone. */
export function jobTakenAlert(job: OpenJob): PushMessage {
  return {
    title: `Job taken: ${jobTitle(job)}`,
    body: `The ${when(job)} job in ${job.city} has been accepted by another cleaner.`,
    tag: jobAlertTag(job.id),
    url: JOB_ALERTS_URL,
  };
}

/**
 * An auction-board job (DECISIONS.md "Admin operations"): "Urgent job: +$25.00 bonus" /
 * "Medium Home · Jan 5, 2025 at 9:00 AM in Minneapolis". Same tag as its "New job" alert, which
 * it replaces, and which "Job taken" replaces in turn.
 */
export function urgentJobAlert(job: OpenJob, bonusCents: number): PushMessage {
  return {
    title: `Urgent job: +${formatDollars(bonusCents)} bonus`,
    body: `${jobTitle(job)} · ${when(job)} in ${job.city}`,
    tag: jobAlertTag(job.id),
    url: JOB_ALERTS_URL,
  };
}
