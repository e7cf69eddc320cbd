import { randomBytes } from 'node:crypto';
import type { ParameterizedContext } from 'koa';

const DEVICE_COOKIE = 'tc.device';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/*
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that once signed in to an account carries a signed cookie naming it. Its login failures are
 * counted for that browser alone, so strangers guessing the password from anywhere can lock
 * out strangers, never the owner on a browser they have used before.
 */

const encode = (email: string) => Buffer.from(email).toString('base64url');

/** This browser's device id when it signed in to `email` before, else null. */
export function knownDevice(ctx: ParameterizedContext, email: string): string | null {
  const value = ctx.cookies.get(DEVICE_COOKIE, { signed: true });
  const [nonce, account] = value?.split('.') ?? [];
  return nonce && account === encode(email) ? nonce : null;
}

/** Marks this browser as one `email` signs in on (after a correct password). */
export function rememberDevice(ctx: ParameterizedContext, email: string): void {
  const nonce = knownDevice(ctx, email) ?? randomBytes(16).toString('base64url');
  ctx.cookies.set(DEVICE_COOKIE, `${nonce}.${encode(email)}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: ONE_YEAR_MS,
    overwrite: true,
  });
}
