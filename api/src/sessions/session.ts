import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type Koa from 'koa';
import session from 'koa-session';
import { z } from 'zod';
import { storedSecret } from '../db/stored-secret';
import { pgSessionStore } from './pg-session-store';
import type { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'tc.sid';
const FOURTEEN_DAYS = 14 * 24 * 60 * 60 * 1000;

/** Signing keys: SESSION_SECRET if given, else one generated once and kept in app_secrets. */
export async function sessionKeys(knex: Knex, secret: string | undefined): Promise<string[]> {
  if (secret) return [secret];
  const keys = await storedSecret(knex, 'session_keys', () => [
    randomBytes(32).toString('base64url'),
  ]);
  return z.array(z.string()).parse(keys);
}

export function sessionMiddleware(app: Koa, knex: Knex, cache?: SessionCache): Koa.Middleware {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: FOURTEEN_DAYS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      rolling: false,
      renew: true,
      store: pgSessionStore(knex, cache),
    },
    app,
  ) as unknown as Koa.Middleware;
}
