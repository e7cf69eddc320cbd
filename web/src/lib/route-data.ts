import type {
  EnsureQueryDataOptions,
  FetchQueryOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query';

// For route loaders. Both do nothing in the build's prerender: it has no API to ask, and the
// pages it writes carry their placeholders until the browser fills them in.
const prerendering = import.meta.env.SSR;

/**
 * Waits for a read the page needs before it renders. A failure does not fail the page: its
 * component shows that query's own error state (and asks again).
 */
export async function ensureQuery<T, K extends QueryKey>(
  queryClient: QueryClient,
  query: EnsureQueryDataOptions<T, Error, T, K>,
): Promise<void> {
  if (prerendering) return;
  await queryClient.ensureQueryData(query).catch(() => undefined);
}

/** Starts a read the page can render without (prices in its copy), without waiting for it. */
export function prefetchQuery<T, K extends QueryKey>(
  queryClient: QueryClient,
  query: FetchQueryOptions<T, Error, T, K>,
): void {
  if (!prerendering) void queryClient.prefetchQuery(query);
}
