import { type CurrentUser, currentUserSchema } from '@twinclean/shared/auth';
import { unauthenticated } from '../errors';
import { User } from '../models/user';
import type { SessionUser } from '../sessions/pg-session-store';

/** A user row as the spec's current-user shape. */
export function toCurrentUser(user: SessionUser): CurrentUser {
  return currentUserSchema.parse({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    subscriptionType: user.subscriptionType,
  });
}

/**
 * The session's user as the spec's current-user shape; 401 when nobody is signed in. The row the
 * session's own query read on this request is used when it is this user's (one round trip, not
 * two); otherwise the user is read here.
 */
export async function currentUser(
  userId: string | undefined,
  readWithSession?: SessionUser,
): Promise<CurrentUser> {
  if (!userId) throw unauthenticated();
  const user =
    readWithSession?.id === userId ? readWithSession : await User.query().findById(userId);
  // A session that outlived its account, or its account's deactivation, is no session: the
  // deactivation deletes them, and this catches one presented in the same instant.
  if (!user || user.deactivatedAt) throw unauthenticated();
  return toCurrentUser(user);
}
