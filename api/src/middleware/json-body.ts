import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { AppError } from '../errors';

export const JSON_LIMIT = '100kb';

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

/** API bodies are JSON, at most JSON_LIMIT; anything else is refused before a route runs. */
export function jsonBody(): Middleware[] {
  const requireJson: Middleware = async (ctx, next) => {
    if (hasBody(ctx.headers) && !ctx.is('application/json')) {
      throw new AppError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON with Content-Type: application/json.',
      );
    }
    await next();
  };
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_LIMIT, encoding: 'utf-8' });
  return [requireJson, parse as unknown as Middleware];
}
