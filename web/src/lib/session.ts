import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCurrentUser, maybeSignedIn } from '@twinclean/shared/current-user';

/**
 * Query keys are the URL they read, in segments: the default fetcher joins them (spec 1 §7),
 * and a prefix names everything under it.
 */
export const authKeys = {
  all: ['/api/auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  options: () => [...authKeys.all, 'options'] as const,
};

/**
 * The signed-in user, or null (a 401 means nobody is signed in, no error shown). A browser the
 * API never marked signed in is a guest without asking: the 401 would be an error in the console
 * of every public page.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: (context) => (maybeSignedIn(document.cookie) ? fetchCurrentUser(context) : null),
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
