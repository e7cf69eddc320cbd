import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import type { CurrentUser } from '@twinclean/shared/auth';
import { fetchCurrentUser } from '@twinclean/shared/current-user';
import type { Role } from '@twinclean/shared/roles';
import { authKeys, currentUserQueryOptions } from '../../lib/session';
import { destinationAfterLogin } from './role-home';

/**
 * For a signed-in area's beforeLoad: no session → /login and back here afterwards;
 * a user of another role → the not-found page (spec 2 §2). The API enforces the same.
 */
export async function requireRole(
  queryClient: QueryClient,
  roles: readonly Role[],
  location: { href: string },
): Promise<CurrentUser> {
  const user =
    (await queryClient.ensureQueryData(currentUserQueryOptions())) ??
    // No signed-in hint (a session older than the hint, or a cookie cleared by hand): a signed-in
    // area asks the server itself rather than send a user with a session to sign in again.
    // staleTime 0: the guest answer just cached (data never goes stale by default) is not it.
    (await queryClient.fetchQuery({
      queryKey: authKeys.user(),
      queryFn: fetchCurrentUser,
      staleTime: 0,
    }));
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  if (!roles.includes(user.role)) throw notFound();
  return user;
}

/**
 * For /login's beforeLoad: a signed-in user has nothing to do there and goes where signing in
 * would have taken them. Not in the build's prerender (no API, and the page is a guest's).
 */
export async function leaveLoginIfSignedIn(
  queryClient: QueryClient,
  redirectTo: string | undefined,
): Promise<void> {
  if (import.meta.env.SSR) return;
  // An unanswered ask leaves the form in place: signing in is still the way on.
  const user = await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
  if (!user) return;
  const href = destinationAfterLogin(user, redirectTo);
  // The provider app is another app: a page load, as after signing in.
  throw redirect({ href, replace: true, reloadDocument: href.startsWith('/provider') });
}
