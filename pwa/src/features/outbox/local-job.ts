import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import type { OutboxEntry } from './entry';

/**
 * The job as the phone knows it: the server's facts plus the punches (and "On my way") recorded
 * here and not refused, so a clock-in shows at once, offline or not.
 */
export function withLocalPunches(job: ProviderJob, entries: readonly OutboxEntry[]): ProviderJob {
  const kept = entries.filter((e) => e.status !== 'rejected');
  const clockIn = job.providerClockInTime ?? kept.find((e) => e.kind === 'clock_in')?.occurredAt;
  const clockOut = job.providerClockOutTime ?? kept.find((e) => e.kind === 'clock_out')?.occurredAt;
  const status =
    job.status === 'canceled'
      ? job.status
      : clockOut
        ? 'completed'
        : clockIn
          ? 'in_progress'
          : kept.some((e) => e.kind === 'en_route')
            ? 'en_route'
            : job.status;
  return {
    ...job,
    status,
    providerClockInTime: clockIn ?? null,
    providerClockOutTime: clockOut ?? null,
  };
}
