import Router, { type RouterMiddleware } from '@koa/router';
import type { DefaultState } from 'koa';
import type { SessionData } from './sessions/pg-session-store';

export type SessionContext = {
  session?: (SessionData & { regenerate?: () => Promise<void> | undefined }) | null;
};

/** Every route module builds one of these. */
export type ApiRouter = Router<DefaultState, SessionContext>;
export const createRouter = (): ApiRouter => new Router<DefaultState, SessionContext>();

/** A route handler of ours. */
export type ApiHandler = RouterMiddleware<DefaultState, SessionContext>;
