import type { ErrorBody } from '@twinclean/shared/errors';
import knex from 'knex';
import type { Context, Middleware } from 'koa';
import { NotFoundError, ValidationError } from 'objection';
import type { Logger } from 'pino';
import { $ZodError } from 'zod/v4/core';
import { isDatabaseUnreachable } from '../db/unreachable';
import { AppError } from '../errors';
import { drainSmallBody } from '../http/drain-body';
import { loggedUrl } from './log-url';

type Mapped = { status: number; body: ErrorBody };

const invalid = (message: string): Mapped => ({
  status: 400,
  body: { message, code: 'invalid_value' },
});
const conflict = (message: string): Mapped => ({
  status: 409,
  body: { message, code: 'conflict' },
});
const unavailable = (message: string): Mapped => ({
  status: 503,
  body: { message, code: 'busy', details: { retryAfterSeconds: 1 } },
});
// A restart or a failover takes seconds: the phone's outbox and the web retry after this.
const DATABASE_UNREACHABLE: Mapped = {
  status: 503,
  body: {
    message: 'The database is not reachable. Please try again.',
    code: 'database_unavailable',
    details: { retryAfterSeconds: 2 },
  },
};

// PostgreSQL SQLSTATEs whose cause the request carried, by exact code and then by class.
const PG_CODES: Record<string, Mapped> = {
  '23505': conflict('That record already exists.'),
  '23503': conflict('That refers to a record that does not exist.'),
  '23P01': conflict('That overlaps with an existing record.'),
  '23514': invalid('Some values are out of range.'),
  '23502': invalid('A required value is missing.'),
  '22001': invalid('A value is too long.'),
  '22003': invalid('A number is out of range.'),
  '22007': invalid('A date or time is not valid.'),
  '22008': invalid('A date or time is out of range.'),
  '22021': invalid('Some text contains a character that cannot be stored.'),
  '22P05': invalid('Some text contains a character that cannot be stored.'),
  '22P02': invalid('A value has the wrong format.'),
};
const PG_CLASSES: Record<string, Mapped> = {
  // Data exception: a value PostgreSQL cannot take.
  '22': invalid('A value is not valid.'),
  // Integrity constraint violation.
  '23': conflict('That conflicts with existing records.'),
  // Program limit exceeded: a value too large to index or store.
  '54': invalid('A value is too large to store.'),
  // Not the request's fault but not a failure either: a deadlock or serialization conflict
  // (class 40), a lock or statement timeout, too many connections. The same request may
  // succeed in a moment, which 503 with Retry-After says (the phone's outbox retries on it).
  '40': unavailable('The server is busy. Please try again.'),
  '55': unavailable('The server is busy. Please try again.'),
  '57': unavailable('The server is busy. Please try again.'),
  '53': unavailable('The server is busy. Please try again.'),
};

/** The SQLSTATE of a pg error, or of the one Objection wrapped (DataError, UniqueViolationError…). */
function sqlState(error: Record<string, unknown>): string | undefined {
  const native = isRecord(error.nativeError) ? error.nativeError : error;
  return typeof native.code === 'string' && /^[0-9A-Z]{5}$/.test(native.code)
    ? native.code
    : undefined;
}

function mapDatabaseError(error: Record<string, unknown>): Mapped | undefined {
  if (error instanceof NotFoundError) {
    return { status: 404, body: { message: 'Not found.', code: 'not_found' } };
  }
  if (error instanceof ValidationError) {
    return { status: 400, body: { message: 'Some values are not valid.', code: 'invalid_value' } };
  }
  if (error instanceof knex.KnexTimeoutError) {
    return unavailable('The server is busy. Please try again.');
  }
  // Before the SQLSTATEs: a restart ends sessions with 57P01, and leaves errors with none.
  if (isDatabaseUnreachable(error)) return DATABASE_UNREACHABLE;
  const state = sqlState(error);
  if (!state) return undefined;
  return PG_CODES[state] ?? PG_CLASSES[state.slice(0, 2)];
}

// Errors raised by raw-body while a route reads its body (http/body.ts), keyed by their `type`.
const HTTP_ERRORS: Record<string, Mapped> = {
  'entity.too.large': {
    status: 413,
    body: { message: 'The request body is too large.', code: 'payload_too_large' },
  },
  'request.aborted': {
    status: 400,
    body: { message: 'The request was cut off before its body ended.', code: 'invalid_body' },
  },
  'request.size.invalid': {
    status: 400,
    body: { message: 'The request body length does not match its header.', code: 'invalid_body' },
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function mapError(error: unknown): Mapped | undefined {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { ...error.extra, message: error.message, code: error.code, details: error.details },
    };
  }
  // Classic zod's errors and zod/mini's (the shared schemas') alike.
  if (error instanceof $ZodError) {
    const issues = error.issues.map((i) => ({
      path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
      message: i.message,
    }));
    const first = issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    return {
      status: 400,
      body: {
        message: `${where}${first?.message ?? 'Invalid input'}`,
        code: 'validation_error',
        issues,
      },
    };
  }
  if (!isRecord(error)) return undefined;
  const database = mapDatabaseError(error);
  if (database) return database;
  if (typeof error.type === 'string' && HTTP_ERRORS[error.type]) return HTTP_ERRORS[error.type];
  const status = typeof error.status === 'number' ? error.status : undefined;
  if (status && status >= 400 && status < 500 && error.expose !== false) {
    const message =
      typeof error.message === 'string' && error.message ? error.message : 'Bad request';
    const code =
      status === 405 ? 'method_not_allowed' : status === 404 ? 'not_found' : 'bad_request';
    return { status, body: { message, code } };
  }
  return undefined;
}

// How a client hanging up mid-answer reaches us: the stream writing the answer (a file, a photo)
// closes before the answer ended, or the socket is reset under a write.
const HUNG_UP = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_DESTROYED',
]);

/**
 * Whether this error only says the client went away (a closed tab, a phone out of signal):
 * nothing the server did wrong, and no one left to answer. The same codes from a connection of
 * our own (the database, a gateway) while the client still waits are failures.
 */
export function clientWentAway(error: unknown, ctx: Context | undefined): boolean {
  if (!isRecord(error) || typeof error.code !== 'string' || !HUNG_UP.has(error.code)) return false;
  return Boolean(ctx && (ctx.req.socket?.destroyed || ctx.res.destroyed));
}

const requestOf = (ctx: Context | undefined) =>
  ctx ? { method: ctx.method, url: loggedUrl(ctx.url) } : {};

/**
 * Koa's 'error' event: what fails after the middleware, while Koa streams the answer (a static
 * file, a photo), or on the request's socket. Koa's default prints every one to the console,
 * a client that hung up included; this logs real failures and notes the rest.
 */
export function logAppErrors(logger: Logger) {
  // Koa reports a failed body stream twice (from the stream and from piping it): log it once.
  const logged = new WeakSet<object>();
  return (error: unknown, ctx?: Context): void => {
    if (isRecord(error)) {
      if (logged.has(error)) return;
      logged.add(error);
    }
    if (clientWentAway(error, ctx)) {
      logger.debug({ err: error, ...requestOf(ctx) }, 'client went away');
      return;
    }
    // As Koa's default: a 404 or an error meant for the client was an answer, not a failure.
    if (isRecord(error) && (error.status === 404 || error.expose === true)) return;
    logger.error({ err: error, ...requestOf(ctx) }, 'unhandled error');
  };
}

/** The one place an error becomes a response: `{ message, code, details? }`, never a stack. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (clientWentAway(error, ctx)) {
        // Koa ends a response whose socket is gone without writing to it.
        logger.debug({ err: error, ...requestOf(ctx) }, 'client went away');
        return;
      }
      // Refused before its body was read to the end (not signed in, too large, the database
      // away): a small rest is read and dropped so the answer reaches the client; a large one
      // is not worth reading, and the connection ends after the answer.
      if (!(await drainSmallBody(ctx.req))) ctx.set('Connection', 'close');
      const mapped = mapError(error);
      if (mapped) {
        const retry = (mapped.body.details as { retryAfterSeconds?: number } | undefined)
          ?.retryAfterSeconds;
        if ((mapped.status === 429 || mapped.status === 503) && retry)
          ctx.set('Retry-After', String(retry));
        // The phone retries and the user sees little, so an outage (the database restarting,
        // the photo store down) would otherwise show in no log: an operator needs its cause.
        if (mapped.status === 503) {
          logger.warn({ err: error, code: mapped.body.code, ...requestOf(ctx) }, 'answered 503');
        }
        ctx.status = mapped.status;
        ctx.body = mapped.body;
        return;
      }
      logger.error({ err: error, ...requestOf(ctx) }, 'unhandled error');
      ctx.status = 500;
      ctx.body = {
        message: 'Something went wrong on our side. Please try again.',
        code: 'internal_error',
      } satisfies ErrorBody;
    }
  };
}
