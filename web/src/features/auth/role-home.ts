import { type CurrentUser, roleHome } from '@twinclean/shared/auth';

/**
 * Where to go after signing in: back to the page that asked for it when it belongs to the
 * user's area, else the role's home. The provider app is another app, so that is a full load.
 */
export function destinationAfterLogin(user: CurrentUser, redirect: string | undefined): string {
  const home = roleHome(user.role);
  const safe = redirect?.startsWith('/') && !redirect.startsWith('//') && redirect.startsWith(home);
  return safe ? (redirect as string) : home;
}
