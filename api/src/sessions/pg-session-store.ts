import type { Knex } from 'knex';

export type SessionData = { userId?: string; [key: string]: unknown };

/** koa-session's external store, in PostgreSQL so every API process sees every session. */
export function pgSessionStore(knex: Knex) {
  return {
    async get(id: string): Promise<SessionData | undefined> {
      const row = await knex('sessions')
        .first('data')
        .where({ id })
        .andWhere('expiresAt', '>', knex.fn.now());
      return row?.data as SessionData | undefined;
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
