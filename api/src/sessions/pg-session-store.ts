import type { Knex } from 'knex';
import { prepared } from '../db/prepared';
import type { User } from '../models/user';

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

/** koa-session's external store, in PostgreSQL so every API process sees every session. */
export function pgSessionStore(knex: Knex) {
  return {
    async get(
      id: string,
      _maxAge?: unknown,
      options?: { ctx?: object },
    ): Promise<SessionData | undefined> {
      const row = await knex('sessions')
        .leftJoin('users', 'users.id', 'sessions.userId')
        .first(
          'sessions.data',
          'users.id as accountId',
          'users.email',
          'users.firstName',
          'users.lastName',
          'users.phone',
          'users.role',
          'users.subscriptionType',
          'users.deactivatedAt',
        )
        .where('sessions.id', id)
        .andWhere('sessions.expiresAt', '>', knex.fn.now())
        .options(prepared('session-with-user'));
      if (!row) return undefined;
      const { data, accountId, ...user } = row;
      if (options?.ctx && accountId)
        usersReadWithSession.set(options.ctx, { id: accountId, ...user });
      return data as SessionData;
    },
    async set(id: string, data: SessionData, maxAge: number): Promise<void> {
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
    },
    async destroy(id: string): Promise<void> {
      await knex('sessions').where({ id }).delete();
    },
  };
}
