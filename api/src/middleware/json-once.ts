import { Stream } from 'node:stream';
import type { Middleware } from 'koa';

/** What Koa itself would send as JSON: anything but nothing, text, bytes and streams. */
function isJsonBody(body: unknown): body is object {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Buffer.isBuffer(body) &&
    !(body instanceof Stream) &&
    !(body instanceof ReadableStream) &&
    !(body instanceof Blob) &&
    !(body instanceof Response)
  );
}

/**
 * Serializes a JSON answer once, here. Left as an object, it is serialized twice: once when
 * koa-compress asks its length (to compare with its threshold) and again when Koa sends it,
 * which for a job board of 200 cards is the single most expensive step of the request. The
 * Content-Type stays application/json (Koa keeps a type already set).
 */
export function jsonOnce(): Middleware {
  return async (ctx, next) => {
    await next();
    if (isJsonBody(ctx.body)) ctx.body = JSON.stringify(ctx.body);
  };
}
