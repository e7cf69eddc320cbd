import type { ErrorBody } from '@twinclean/shared/errors';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { AppError } from '../errors';

type Mapped = { status: number; body: ErrorBody };

// PostgreSQL SQLSTATEs that mean the request, not the server, was wrong.
const PG_CLIENT_ERRORS: Record<string, Mapped> = {
  '23505': { status: 409, body: { message: 'That record already exists.', code: 'conflict' } },
  '23503': {
    status: 409,
    body: { message: 'That refers to a record that does not exist.', code: 'conflict' },
  },
  '23514': {
    status: 400,
    body: { message: 'Some values are out of range.', code: 'invalid_value' },
  },
  '23502': {
    status: 400,
    body: { message: 'A required value is missing.', code: 'invalid_value' },
  },
  '22P02': {
    status: 400,
    body: { message: 'A value has the wrong format.', code: 'invalid_value' },
  },
  '22007': {
    status: 400,
    body: { message: 'A date or time is not valid.', code: 'invalid_value' },
  },
  '22008': {
    status: 400,
    body: { message: 'A date or time is out of range.', code: 'invalid_value' },
  },
  '22003': { status: 400, body: { message: 'A number is out of range.', code: 'invalid_value' } },
};

// Errors raised by koa, @koa/router and the body parser, keyed by their `type` or status.
const HTTP_ERRORS: Record<string, Mapped> = {
  'entity.parse.failed': {
    status: 400,
    body: { message: 'The request body is not valid JSON.', code: 'invalid_json' },
  },
  'entity.too.large': {
    status: 413,
    body: { message: 'The request body is too large.', code: 'payload_too_large' },
  },
  'encoding.unsupported': {
    status: 415,
    body: { message: 'The request body encoding is not supported.', code: 'unsupported_encoding' },
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
  if (error instanceof ZodError) {
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
  if (typeof error.code === 'string' && PG_CLIENT_ERRORS[error.code])
    return PG_CLIENT_ERRORS[error.code];
  if (typeof error.type === 'string' && HTTP_ERRORS[error.type]) return HTTP_ERRORS[error.type];
  const status = typeof error.status === 'number' ? error.status : undefined;
  // co-body marks a body it could not parse as a 400 SyntaxError.
  if (error instanceof SyntaxError && status === 400) return HTTP_ERRORS['entity.parse.failed'];
  if (status && status >= 400 && status < 500 && error.expose !== false) {
    const message =
      typeof error.message === 'string' && error.message ? error.message : 'Bad request';
    const code =
      status === 405 ? 'method_not_allowed' : status === 404 ? 'not_found' : 'bad_request';
    return { status, body: { message, code } };
  }
  return undefined;
}

/** The one place an error becomes a response: `{ message, code, details? }`, never a stack. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const mapped = mapError(error);
      if (mapped) {
        const retry = (mapped.body.details as { retryAfterSeconds?: number } | undefined)
          ?.retryAfterSeconds;
        if (mapped.status === 429 && retry) ctx.set('Retry-After', String(retry));
        ctx.status = mapped.status;
        ctx.body = mapped.body;
        return;
      }
      logger.error({ err: error, method: ctx.method, url: ctx.url }, 'unhandled error');
      ctx.status = 500;
      ctx.body = {
        message: 'Something went wrong on our side. Please try again.',
        code: 'internal_error',
      } satisfies ErrorBody;
    }
  };
}
