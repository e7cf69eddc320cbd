import { createHmac } from 'node:crypto';
import { SESSION_COOKIE } from './session';

/** The Cookie header koa-session accepts for a stored session id (keygrip: HMAC-SHA1, base64url). */
export function signedSessionCookie(sessionId: string, key: string): string {
  const signature = createHmac('sha1', key)
    .update(`${SESSION_COOKIE}=${sessionId}`)
    .digest('base64')
    .replace(/[/+=]/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c] ?? '');
  return `${SESSION_COOKIE}=${sessionId}; ${SESSION_COOKIE}.sig=${signature}`;
}
