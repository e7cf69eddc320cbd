import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { notFound, useRouteContext } from '@tanstack/react-router';
import type { CurrentUser } from '@twinclean/shared/auth';
import { currentUserKey, fetchCurrentUser } from '@twinclean/shared/current-user';

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: fetchCurrentUser,
});

/**
 * The provider app is for providers only: nobody signed in → the site's /login (another app,
 * so a full page load) and back here afterwards; any other role → Not Found.
 */
export async function requireProvider(queryClient: QueryClient): Promise<CurrentUser> {
  const user = await queryClient.ensureQueryData(currentUserQuery);
  if (!user) {
    // /login belongs to the web app: leave this app and wait while the page unloads.
    window.location.replace(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
    return new Promise<never>(() => {});
  }
  if (user.role !== 'provider') throw notFound();
  return user;
}

/** The signed-in provider's id, for anything recorded on the phone. */
export const useProviderId = () =>
  useRouteContext({ from: '__root__', select: (context) => context.user.id });
