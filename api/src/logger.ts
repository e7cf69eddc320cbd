import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// A proxy's or a client's id is kept only when it is plainly an id: nothing that could forge a
// log line, nothing long.
const USABLE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The request being handled, for whatever logs while it is (however deep, however async). */
const current = new AsyncLocalStorage<{ reqId: string }>();

/** The id of the request this code runs for, if it runs for one. */
export const currentRequestId = (): string | undefined => current.getStore()?.reqId;

/**
 * The app's logger. Every line written while a request is handled carries that request's id as
 * `reqId`, including lines of modules that only hold this logger and know nothing of requests.
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  const options = {
    level,
    // A fresh object each time: pino merges the line's own fields into it.
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Gives each request an id (the caller's X-Request-Id if usable, else a new one), answers with it
 * whatever the outcome, and handles the rest of the request inside it. Outermost, so the request
 * log line and the error handler's lines carry it too.
 */
export function requestId(): Middleware {
  return (ctx, next) => {
    const given = ctx.get(REQUEST_ID_HEADER);
    const reqId = USABLE_ID.test(given) ? given : randomUUID();
    ctx.set(REQUEST_ID_HEADER, reqId);
    return current.run({ reqId }, next);
  };
}
