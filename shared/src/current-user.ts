import type { QueryFunctionContext } from '@tanstack/query-core';
import { type CurrentUser, currentUserSchema } from './auth';
import { getQueryFn } from './http';

export const currentUserKey = ['/api/auth/user'] as const;

/**
 * A readable cookie the API keeps while the browser holds a signed-in session (the session
 * cookie itself is HttpOnly). It grants nothing; it spares a guest's page the 401 of asking.
 */
export const SIGNED_IN_HINT = 'tc.in';

/** Whether the API last said this browser is signed in (see SIGNED_IN_HINT). */
export const maybeSignedIn = (cookie: string) => cookie.split('; ').includes(`${SIGNED_IN_HINT}=1`);

/** The signed-in user, or null when nobody is (a 401 is not an error here). */
export async function fetchCurrentUser(context: QueryFunctionContext): Promise<CurrentUser | null> {
  const data = await getQueryFn<unknown>({ on401: 'returnNull' })(context);
  return data ? currentUserSchema.parse(data) : null;
}
