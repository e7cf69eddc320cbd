import type { ParameterizedContext } from 'koa';
import { z } from 'zod';

type Context = ParameterizedContext<unknown, { params?: Record<string, string> }>;

// Routes read their input only through these, so nothing unparsed reaches a service.
// A failure is a ZodError, which the error middleware answers with 400 and every issue.

export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse((ctx.request as { body?: unknown }).body ?? {});
}

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse(ctx.query);
}

export function parseParams<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse(ctx.params ?? {});
}

/** `:id` route parameters: our ids are UUIDs. */
export const idParamsSchema = z.object({ id: z.string().uuid('Not a valid id') });
