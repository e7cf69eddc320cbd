import type { ParameterizedContext } from 'koa';
import getRawBody from 'raw-body';
import { AppError } from '../errors';

type Ctx = ParameterizedContext;

const hasBody = (ctx: Ctx) =>
  Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';

/**
 * A route's JSON body, read only once the caller is known and only up to `limit` bytes: a
 * Content-Length over it is refused before reading, and a stream that runs past it is cut off
 * there, so no request can make the server hold more than one route allows. No body reads as {}.
 */
export async function readJsonBody(ctx: Ctx, limit: number): Promise<unknown> {
  if (!hasBody(ctx)) return {};
  if (!ctx.is('application/json')) {
    throw new AppError(
      415,
      'unsupported_media_type',
      'Send the request body as JSON with Content-Type: application/json.',
    );
  }
  const encoding = (ctx.get('Content-Encoding') || 'identity').toLowerCase();
  if (encoding !== 'identity') {
    throw new AppError(415, 'unsupported_encoding', 'The request body encoding is not supported.');
  }
  // raw-body's own errors (too large, length mismatch, aborted) carry a status and type that
  // the error handler maps.
  const text = await getRawBody(ctx.req, {
    length: ctx.get('Content-Length') || null,
    limit,
    encoding: 'utf-8',
  });
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
