import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { AppError } from '../errors';

const JSON_LIMIT_BYTES = 100 * 1024;
// Photo uploads: multipart, or the spec's JSON list of data URLs (10 × 5 MB in base64).
export const UPLOAD_PATH = /^\/api\/provider\/bookings\/[^/]+\/photos$/;
const UPLOAD_JSON_LIMIT_BYTES = 70 * 1024 * 1024;

/** The JSON limit of a path, in bytes. */
export const jsonLimitBytes = (path: string) =>
  UPLOAD_PATH.test(path) ? UPLOAD_JSON_LIMIT_BYTES : JSON_LIMIT_BYTES;

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

/**
 * API bodies are JSON, at most 100 kB; anything else is refused before a route runs.
 * The photo upload route alone also takes multipart, and larger JSON.
 */
export function jsonBody(): Middleware[] {
  const requireJson: Middleware = async (ctx, next) => {
    const upload = UPLOAD_PATH.test(ctx.path);
    if (
      hasBody(ctx.headers) &&
      !ctx.is('application/json') &&
      !(upload && ctx.is('multipart/form-data'))
    ) {
      throw new AppError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON with Content-Type: application/json.',
      );
    }
    await next();
  };
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: JSON_LIMIT_BYTES,
    encoding: 'utf-8',
    // A phone unsubscribing names its endpoint in the DELETE body (too long for a path).
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  }) as unknown as Middleware;
  const parseUpload = bodyParser({
    enableTypes: ['json'],
    jsonLimit: UPLOAD_JSON_LIMIT_BYTES,
    encoding: 'utf-8',
  }) as unknown as Middleware;
  const choose: Middleware = (ctx, next) =>
    UPLOAD_PATH.test(ctx.path) ? parseUpload(ctx, next) : parse(ctx, next);
  return [requireJson, choose];
}
