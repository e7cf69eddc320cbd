import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createQueryClient } from '@twinclean/shared/http';

const WEEK_MS = 7 * 24 * 3_600_000;
const STORAGE_KEY = 'twinclean.queries';

/**
 * The shared client, tuned for a phone that goes in and out of signal: reads answer from the
 * cache first, refresh after 30 s when the app comes back to the front or the network returns,
 * and stay a week so the last known jobs show offline.
 */
export function createProviderQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      networkMode: 'offlineFirst',
      staleTime: 30_000,
      gcTime: WEEK_MS,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
    },
  });
  return client;
}

/** Restores the last known data from local storage and keeps saving it; resolves when restored. */
export function persistQueries(client: QueryClient): Promise<void> {
  // Saved on the next tick rather than once a second: a provider who opens a job and goes
  // straight into a basement must find it there.
  const persister = createSyncStoragePersister({
    storage: window.localStorage,
    key: STORAGE_KEY,
    throttleTime: 0,
  });
  const [, restored] = persistQueryClient({
    queryClient: client,
    persister,
    maxAge: WEEK_MS,
    // Only answers worth showing offline: a "nobody signed in" is asked again every time. A
    // query that says `persist: false` (a home's entry notes) never reaches local storage: what
    // may stay on the phone, and how long, is the outbox's to keep (entry-notes-rule.ts).
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        defaultShouldDehydrateQuery(query) &&
        query.state.data !== null &&
        query.meta?.persist !== false,
    },
  });
  return restored;
}

/** On sign-out the next person on this phone must not see this provider's jobs. */
export function forgetQueries(client: QueryClient): void {
  client.clear();
  localStorage.removeItem(STORAGE_KEY);
}
