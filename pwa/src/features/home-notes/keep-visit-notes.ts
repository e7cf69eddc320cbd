import type { QueryClient } from '@tanstack/react-query';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { useEffect } from 'react';
import { keepUntil, mayKeepAnswer, visitsToKeep } from '../../lib/entry-notes-rule';
import { clockedOutHere, forgetNotes, keepNotes, sweepKeptNotes } from '../outbox/kept-notes';
import { homeNotesQuery } from './home-notes-queries';

/**
 * Online, as the dashboard shows the provider's jobs: removes the kept notes the rule no longer
 * allows, then fetches and keeps those of their visits inside the window, so the door code is on
 * the phone before the basement without signal. A failed read keeps what was kept.
 */
export async function refreshKeptNotes(
  queryClient: QueryClient,
  providerId: string,
  jobs: readonly ProviderJob[],
  now = new Date(),
): Promise<void> {
  await sweepKeptNotes(providerId, jobs, now);
  // Offline a read would wait for the network; what is kept stays until the rule says otherwise.
  if (!navigator.onLine) return;
  const done = await clockedOutHere(jobs.map((job) => job.id));
  for (const job of visitsToKeep(jobs, done, now)) {
    const notes = await queryClient.fetchQuery(homeNotesQuery(job.id)).catch(() => null);
    if (!notes) continue;
    if (mayKeepAnswer(job, notes, false, now)) {
      await keepNotes({
        bookingId: job.id,
        providerId,
        notes,
        keptUntil: keepUntil(job).toISOString(),
      });
    } else {
      await forgetNotes(job.id);
    }
  }
}

/** Keeps the notes of the provider's visits up to date whenever their job list changes. */
export function useKeepVisitNotes(
  queryClient: QueryClient,
  providerId: string,
  jobs: readonly ProviderJob[] | undefined,
): void {
  useEffect(() => {
    if (jobs) void refreshKeptNotes(queryClient, providerId, jobs).catch(() => {});
  }, [queryClient, providerId, jobs]);
}
