import { type CurrentUser, currentUserSchema } from '@twinclean/shared/auth';
import { unauthenticated } from '../../errors';
import { User } from '../../models/user';

/** The session's user as the spec's current-user shape; 401 when nobody is signed in. */
export async function currentUser(userId: string | undefined): Promise<CurrentUser> {
  if (!userId) throw unauthenticated();
  const user = await User.query().findById(userId);
  // A session that outlived its account is the same as no session.
  if (!user) throw unauthenticated();
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
