import type { QueryClient } from '@tanstack/react-query';
import { forgetQueries } from '../../lib/query-client';
import { turnOffJobAlerts } from '../job-alerts/job-alerts';
import { forgetAllNotes } from '../outbox/kept-notes';

/**
 * Signs the provider out: the next person on this phone must not see their jobs, and a
 * signed-out provider's phone stops getting their job alerts (given a few seconds to say so).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  forgetQueries(queryClient);
  // No door code outlives the session on this phone.
  await forgetAllNotes().catch(() => {});
  const giveUp = new Promise((resolve) => setTimeout(resolve, 3000));
  await Promise.race([turnOffJobAlerts({ signingOut: true }).catch(() => {}), giveUp]);
  window.location.assign('/api/logout');
}
