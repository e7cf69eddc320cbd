import type { QueryFunctionContext } from '@tanstack/query-core';
import { type CurrentUser, currentUserSchema } from './auth';
import { getQueryFn } from './http';

export const currentUserKey = ['/api/auth/user'] as const;

/** The signed-in user, or null when nobody is (a 401 is not an error here). */
export async function fetchCurrentUser(context: QueryFunctionContext): Promise<CurrentUser | null> {
  const data = await getQueryFn<unknown>({ on401: 'returnNull' })(context);
  return data ? currentUserSchema.parse(data) : null;
}
