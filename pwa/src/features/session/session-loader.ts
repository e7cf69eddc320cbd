import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { CurrentUser } from '@twinclean/shared/auth';
import { currentUserKey, fetchCurrentUser } from '@twinclean/shared/current-user';

const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: fetchCurrentUser,
});

/**
 * The server decides who is signed in (asked again after 30 s); with no connection the phone's
 * saved answer stands, so the app opens in a basement.
 */
async function whoIsSignedIn(queryClient: QueryClient): Promise<CurrentUser | null> {
  try {
    // "Nobody" is never trusted from the cache: the provider may have just signed in.
    return await queryClient.fetchQuery({
      ...currentUserQuery,
      staleTime: (query) => (query.state.data ? 30_000 : 0),
    });
  } catch (error) {
    const saved = queryClient.getQueryData(currentUserQuery.queryKey);
    if (error instanceof TypeError && saved) return saved;
    throw error;
  }
}

/**
 * The provider app is for providers only: nobody signed in → the site's /login (another app,
 * so a full page load) and back here afterwards; any other role → Not Found.
 */
export async function requireProvider(queryClient: QueryClient): Promise<CurrentUser> {
  const user = await whoIsSignedIn(queryClient);
  if (!user) {
    // /login belongs to the web app: leave this app and wait while the page unloads.
    window.location.replace(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
    return new Promise<never>(() => {});
  }
  if (user.role !== 'provider') throw notFound();
  return user;
}
