import { SIGNED_IN_HINT } from '@twinclean/shared/current-user';
import type Koa from 'koa';
import { AppError } from '../errors';

/*
 * A readable cookie that says only "this browser holds a signed-in session". The session cookie
 * is HttpOnly, so without it a guest's page must ask GET /api/auth/user to learn it is a guest,
 * and that 401 is an error in the console of every public page (Lighthouse best practices). It
 * holds no secret and grants nothing: every route still reads the session; a stale hint costs
 * one 401, after which it is cleared.
 */
const FOURTEEN_DAYS = 14 * 24 * 60 * 60 * 1000;

type SessionCtx = Koa.Context & { session?: { userId?: unknown } | null };

/** Inside the session middleware, on API requests: keeps the hint in step with the session. */
export function signedInHint(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      keepHint(ctx, error instanceof AppError && error.code === 'unauthenticated');
      throw error;
    }
    keepHint(ctx, false);
  };
}

function keepHint(ctx: Koa.Context, refused: boolean) {
  const hinted = ctx.cookies.get(SIGNED_IN_HINT) === '1';
  // Every route has read the session already (a guest's, without a cookie, is an empty object).
  // Refused as not signed in: the session no longer names a usable account, whatever it holds.
  const signedIn = !refused && Boolean((ctx as SessionCtx).session?.userId);
  if (signedIn === hinted) return;
  ctx.cookies.set(SIGNED_IN_HINT, signedIn ? '1' : null, {
    httpOnly: false,
    sameSite: 'lax',
    signed: false,
    overwrite: true,
    ...(signedIn && { maxAge: FOURTEEN_DAYS }),
  });
}
