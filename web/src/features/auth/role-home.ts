import { type CurrentUser, roleHome } from '@twinclean/shared/auth';

/** Pages outside a role's area it may come back to: a client signs in halfway through booking. */
const RETURNS: Partial<Record<CurrentUser['role'], RegExp>> = { client: /^\/book(\/|$|\?)/ };

/**
 * Where to go after signing in: back to the page that asked for it when it belongs to the
 * user's area (or is one it may return to), else the role's home. The provider app is another
 * app, so that is a full load.
 */
export function destinationAfterLogin(user: CurrentUser, redirect: string | undefined): string {
  const home = roleHome(user.role);
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return home;
  const safe = redirect.startsWith(home) || (RETURNS[user.role]?.test(redirect) ?? false);
  return safe ? redirect : home;
}
