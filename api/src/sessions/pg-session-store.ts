import type { Knex } from 'knex';
import { prepared } from '../db/prepared';
import { sessionReads } from '../metrics/sessions';
import type { User } from '../models/user';
import { readTogether } from './read-together';
import type { CachedSession, SessionCache } from './session-cache';

export type SessionData = { userId?: string; [key: string]: unknown };

/** The columns the current-user answer is made of, and whether the account may sign in. */
export type SessionUser = Pick<
  User,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'role'
  | 'subscriptionType'
  | 'deactivatedAt'
>;

// The user row read in the same query as the session, per request: signing in costs one round
// trip, not two. Keyed by the request's context, so it is gone with the request; a deleted
// account or a new role shows on the very next request.
const usersReadWithSession = new WeakMap<object, SessionUser>();

/** The session's user as its own query read it on this request, if it found one. */
export function userReadWithSession(ctx: object): SessionUser | undefined {
  return usersReadWithSession.get(ctx);
}

/**
 * koa-session's external store, in PostgreSQL so every API process sees every session; with a
 * cache (session-cache.ts), a session read lately is not read again until something changes it.
 */
export function pgSessionStore(knex: Knex, cache?: SessionCache) {
  // Sessions asked for in the same moment are one query (read-together.ts).
  const read = readTogether(async (ids) => {
    const rows = await knex('sessions')
      .leftJoin('users', 'users.id', 'sessions.userId')
      .select(
        'sessions.id as sessionId',
        'sessions.data',
        'users.id as accountId',
        'users.email',
        'users.firstName',
        'users.lastName',
        'users.phone',
        'users.role',
        'users.subscriptionType',
        'users.deactivatedAt',
        'sessions.expiresAt',
      )
      .whereRaw('sessions.id = ANY(?::text[])', [ids])
      .andWhere('sessions.expiresAt', '>', knex.fn.now())
      .options(prepared('sessions-with-users'));
    return new Map(
      rows.map(({ sessionId, data, accountId, expiresAt, ...user }) => [
        sessionId as string,
        {
          data: data as SessionData,
          user: accountId ? ({ id: accountId, ...user } as SessionUser) : undefined,
          expiresAt: new Date(expiresAt).getTime(),
        } satisfies CachedSession,
      ]),
    );
  });
  return {
    async get(
      id: string,
      _maxAge?: unknown,
      options?: { ctx?: object },
    ): Promise<SessionData | undefined> {
      let session = cache?.get(id);
      if (session) sessionReads.labels('cache').inc();
      else {
        const epoch = cache?.epoch ?? 0;
        session = await read(id);
        sessionReads.labels('database').inc();
        if (session) cache?.put(id, session, epoch);
      }
      if (!session) return undefined;
      if (options?.ctx && session.user) usersReadWithSession.set(options.ctx, session.user);
      return session.data;
    },
    async set(id: string, data: SessionData, maxAge: number): Promise<void> {
      cache?.forgetSession(id);
      const row = {
        id,
        userId: typeof data.userId === 'string' ? data.userId : null,
        data,
        expiresAt: new Date(Date.now() + maxAge),
        updatedAt: new Date(),
      };
      await knex('sessions')
        .insert(row)
        .onConflict('id')
        .merge(['userId', 'data', 'expiresAt', 'updatedAt']);
      cache?.forgetSession(id);
    },
    async destroy(id: string): Promise<void> {
      cache?.forgetSession(id);
      await knex('sessions').where({ id }).delete();
      cache?.forgetSession(id);
    },
  };
}
