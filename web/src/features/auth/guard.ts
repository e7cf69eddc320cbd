import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import type { CurrentUser } from '@twinclean/shared/auth';
import type { Role } from '@twinclean/shared/roles';
import { currentUserQueryOptions } from '../../lib/session';

/**
 * For a signed-in area's beforeLoad: no session → /login and back here afterwards;
 * a user of another role → the not-found page (spec 2 §2). The API enforces the same.
 */
export async function requireRole(
  queryClient: QueryClient,
  roles: readonly Role[],
  location: { href: string },
): Promise<CurrentUser> {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  if (!roles.includes(user.role)) throw notFound();
  return user;
}
