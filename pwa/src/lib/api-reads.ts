import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { getJson, hasCode } from '@twinclean/shared/http';
import type * as z from 'zod/mini';

// What every read of the provider app shares: the answer parsed by its shared schema, the
// route loaders that start reads, and the one error a screen tells apart.

export async function getParsed<S extends z.ZodMiniType>(
  url: string,
  schema: S,
): Promise<z.infer<S>> {
  return schema.parse(await getJson(url));
}

/**
 * A route loader that starts its screen's reads as the route matches (STYLE.md: loaders
 * prefetch). It never waits: offline, a read with nothing saved would keep the screen from
 * ever showing, so the screen shows what is saved and its own loading or offline state.
 */
export const prefetching =
  (...queries: { queryKey: readonly unknown[] }[]) =>
  ({ context }: { context: { queryClient: QueryClient } }) => {
    // Each is a feature's queryOptions, queryFn included; only its key is typed here.
    for (const query of queries) void context.queryClient.prefetchQuery(query as FetchQueryOptions);
  };

/** The thing asked for is not there (or not this provider's). */
export const isNotFound = (error: unknown) => hasCode(error, 'not_found');
