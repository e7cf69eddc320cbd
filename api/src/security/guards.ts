import type { CurrentUser } from '@twinclean/shared/auth';
import type { Role } from '@twinclean/shared/roles';
import { forbidden } from '../errors';
import { currentUser } from '../modules/auth/service';

type SessionCtx = { session?: { userId?: string } | null };

/** The signed-in user, or 401. */
export const requireUser = (ctx: SessionCtx): Promise<CurrentUser> =>
  currentUser(ctx.session?.userId);

/** The signed-in user when their role is one of `roles`; 401 without a session, 403 otherwise. */
export async function requireRole(ctx: SessionCtx, roles: readonly Role[]): Promise<CurrentUser> {
  const user = await requireUser(ctx);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

export const ADMIN_ROLES = ['admin_owner', 'admin_staff'] as const satisfies readonly Role[];
