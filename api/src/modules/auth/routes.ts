import {
  type AuthOptions,
  emailCodeSchema,
  emailOnlySchema,
  loginSchema,
  resetPasswordSchema,
  roleHome,
  signupSchema,
} from '@twinclean/shared/auth';
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import { type ApiRouter, createRouter, type SessionContext } from '../../context';
import { parseBody } from '../../http/input';
import type { User } from '../../models/user';
import { hit, LIMITS } from '../../security/rate-limit';
import { type GoogleSignIn, pendingLoginSchema } from './google';
import {
  type AuthDeps,
  currentUser,
  findOrCreateGoogleUser,
  login,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signup,
  toCurrentUser,
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

export function authRoutes(deps: AuthRouteDeps): ApiRouter {
  const { db } = deps;
  const checkCodes = async (ctx: Ctx, email: string) => {
    await hit(db, LIMITS.codeCheckPerIp, ctx.ip);
    await hit(db, LIMITS.codeCheckPerAccount, email);
  };
  const sendCodes = async (ctx: Ctx, email: string) => {
    await hit(db, LIMITS.codeSendPerIp, ctx.ip);
    await hit(db, LIMITS.codeSendPerAccount, email);
  };

  return createRouter()
    .get('/api/auth/user', async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await currentUser(ctx.session?.userId);
    })
    .get('/api/auth/options', (ctx) => {
      ctx.body = { google: Boolean(deps.google) } satisfies AuthOptions;
    })
    .post('/api/auth/signup', async (ctx) => {
      const input = parseBody(ctx, signupSchema);
      await hit(db, LIMITS.signupPerIp, ctx.ip);
      ctx.status = 201;
      ctx.body = await signup(deps, input);
    })
    .post('/api/auth/login', async (ctx) => {
      const input = parseBody(ctx, loginSchema);
      await hit(db, LIMITS.loginPerIp, ctx.ip);
      await hit(db, LIMITS.loginPerAccount, input.email);
      const user = await login(input);
      await signIn(ctx, user);
      ctx.body = { ok: true, message: 'Login successful', user: toCurrentUser(user) };
    })
    .post('/api/auth/verify-email', async (ctx) => {
      const input = parseBody(ctx, emailCodeSchema);
      await checkCodes(ctx, input.email);
      await verifyEmail(deps, input);
      ctx.body = { ok: true, message: 'Email verified. You can sign in now.' };
    })
    .post('/api/auth/resend-verification', async (ctx) => {
      const input = parseBody(ctx, emailOnlySchema);
      await sendCodes(ctx, input.email);
      ctx.body = { ok: true, message: 'Code resent', ...(await resendVerification(deps, input)) };
    })
    .post('/api/auth/request-password-reset', async (ctx) => {
      const input = parseBody(ctx, emailOnlySchema);
      await sendCodes(ctx, input.email);
      await requestPasswordReset(deps, input);
      ctx.body = {
        ok: true,
        message: 'If an account exists for that email, we sent it a reset code.',
      };
    })
    .post('/api/auth/verify-reset-code', async (ctx) => {
      const input = parseBody(ctx, emailCodeSchema);
      await checkCodes(ctx, input.email);
      await verifyResetCode(deps, input);
      ctx.body = { ok: true, message: 'Code verified' };
    })
    .post('/api/auth/reset-password', async (ctx) => {
      const input = parseBody(ctx, resetPasswordSchema);
      await checkCodes(ctx, input.email);
      await resetPassword(deps, input);
      ctx.session = null;
      ctx.body = { ok: true, message: 'Password reset successful' };
    })
    .get('/api/logout', (ctx) => {
      ctx.session = null;
      ctx.redirect('/');
    })
    .get('/api/login', (ctx) => {
      ctx.redirect('/login');
    })
    .get('/api/auth/google', async (ctx) => {
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
    })
    .get('/api/auth/google/callback', async (ctx) => {
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
        deps.logger.warn({ err: error }, 'Google sign-in failed');
        ctx.redirect('/login?google=failed');
      }
    });
}
