import {
  type AuthOptions,
  emailCodeSchema,
  emailOnlySchema,
  loginSchema,
  resetPasswordSchema,
  roleHome,
  signupSchema,
} from '@twinclean/shared/auth';
import { ALL_ROLES } from '@twinclean/shared/roles';
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { SessionContext } from '../../context';
import { toCurrentUser } from '../../core/current-user';
import { AppError } from '../../errors';
import { type Route, route } from '../../http/route';
import type { User } from '../../models/user';
import { countFailures, hit, LIMITS } from '../../security/rate-limit';
import { knownDevice, rememberDevice } from './devices';
import { callbackQuerySchema, type GoogleSignIn, pendingLoginSchema } from './google';
import {
  type AuthDeps,
  findOrCreateGoogleUser,
  login,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signup,
  verifyEmail,
  verifyResetCode,
} from './service';

export type AuthRouteDeps = AuthDeps & {
  logger: Logger;
  google?: GoogleSignIn | undefined;
  /** Where Google sends the browser back; the request's own origin when unset. */
  publicUrl?: string | undefined;
};

type Ctx = ParameterizedContext<unknown, SessionContext>;

/** Starts a fresh session for the user: a new id, so a planted cookie never becomes a login. */
async function signIn(ctx: Ctx, user: User): Promise<void> {
  if (!ctx.session) throw new Error('session middleware missing');
  ctx.session.userId = user.id;
  await ctx.session.regenerate?.();
}

export function authRoutes(deps: AuthRouteDeps): Route[] {
  const { db } = deps;
  const anyone = { public: true } as const;
  const checkCodes = async (ctx: Ctx, email: string) => {
    await hit(db, LIMITS.codeCheckPerIp, ctx.ip);
    await hit(db, LIMITS.codeCheckPerAccount, email);
  };
  const sendCodes = async (ctx: Ctx, email: string) => {
    await hit(db, LIMITS.codeSendPerIp, ctx.ip);
    await hit(db, LIMITS.codeSendPerAccount, email);
  };

  return [
    // Answers 401 to a guest: the web asks it who is signed in.
    route(
      { method: 'GET', path: '/api/auth/user', access: { roles: ALL_ROLES } },
      (_ctx, { user }) => user,
    ),
    route(
      { method: 'GET', path: '/api/auth/options', access: anyone },
      () =>
        ({
          google: Boolean(deps.google),
        }) satisfies AuthOptions,
    ),
    route(
      { method: 'POST', path: '/api/auth/signup', access: anyone, body: signupSchema, status: 201 },
      async (ctx, { body }) => {
        await hit(db, LIMITS.signupPerIp, ctx.ip);
        return signup(deps, body);
      },
    ),
    route(
      { method: 'POST', path: '/api/auth/login', access: anyone, body: loginSchema },
      async (ctx, { body }) => {
        const device = knownDevice(ctx, body.email);
        const user = await countFailures(
          db,
          [
            [LIMITS.loginPerIp, ctx.ip],
            device ? [LIMITS.loginPerDevice, device] : [LIMITS.loginPerAccount, body.email],
          ],
          () => login(body),
          // Only a wrong password is a guess; an unverified address had the right one.
          (error) => error instanceof AppError && error.code === 'invalid_credentials',
        );
        await signIn(ctx, user);
        rememberDevice(ctx, user.email);
        return { ok: true, message: 'Login successful', user: toCurrentUser(user) };
      },
    ),
    route(
      { method: 'POST', path: '/api/auth/verify-email', access: anyone, body: emailCodeSchema },
      async (ctx, { body }) => {
        await checkCodes(ctx, body.email);
        await verifyEmail(deps, body);
        return { ok: true, message: 'Email verified. You can sign in now.' };
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/auth/resend-verification',
        access: anyone,
        body: emailOnlySchema,
      },
      async (ctx, { body }) => {
        await sendCodes(ctx, body.email);
        return { ok: true, message: 'Code resent', ...(await resendVerification(deps, body)) };
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/auth/request-password-reset',
        access: anyone,
        body: emailOnlySchema,
      },
      async (ctx, { body }) => {
        await sendCodes(ctx, body.email);
        await requestPasswordReset(deps, body);
        return {
          ok: true,
          message: 'If an account exists for that email, we sent it a reset code.',
        };
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/auth/verify-reset-code',
        access: anyone,
        body: emailCodeSchema,
      },
      async (ctx, { body }) => {
        await checkCodes(ctx, body.email);
        await verifyResetCode(deps, body);
        return { ok: true, message: 'Code verified' };
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/auth/reset-password',
        access: anyone,
        body: resetPasswordSchema,
      },
      async (ctx, { body }) => {
        await checkCodes(ctx, body.email);
        await resetPassword(deps, body);
        ctx.session = null;
        return { ok: true, message: 'Password reset successful' };
      },
    ),
    route({ method: 'GET', path: '/api/logout', access: anyone }, (ctx) => {
      ctx.session = null;
      ctx.redirect('/');
    }),
    route({ method: 'GET', path: '/api/login', access: anyone }, (ctx) => {
      ctx.redirect('/login');
    }),
    route({ method: 'GET', path: '/api/auth/google', access: anyone }, async (ctx) => {
      if (!deps.google) return ctx.redirect('/login?google=unavailable');
      const redirectUri = `${deps.publicUrl ?? `${ctx.protocol}://${ctx.host}`}/api/auth/google/callback`;
      try {
        const { url, pending } = await deps.google.start(redirectUri);
        if (ctx.session) ctx.session.googleLogin = pending;
        ctx.redirect(url);
      } catch (error) {
        deps.logger.error({ err: error }, 'Google sign-in could not start');
        ctx.redirect('/login?google=failed');
      }
    }),
    route(
      {
        method: 'GET',
        path: '/api/auth/google/callback',
        access: anyone,
        query: callbackQuerySchema,
      },
      async (ctx) => {
        const pending = pendingLoginSchema.safeParse(ctx.session?.googleLogin);
        if (ctx.session) ctx.session.googleLogin = undefined;
        if (!deps.google || !pending.success) return ctx.redirect('/login?google=failed');
        try {
          const callbackUrl = new URL(ctx.originalUrl, pending.data.redirectUri);
          const profile = await deps.google.finish(callbackUrl, pending.data);
          const user = await findOrCreateGoogleUser(deps, profile);
          await signIn(ctx, user);
          ctx.redirect(roleHome(user.role));
        } catch (error) {
          if (error instanceof AppError && error.code === 'account_deactivated') {
            return ctx.redirect('/login?google=deactivated');
          }
          deps.logger.warn({ err: error }, 'Google sign-in failed');
          ctx.redirect('/login?google=failed');
        }
      },
    ),
  ];
}
