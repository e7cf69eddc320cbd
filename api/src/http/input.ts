import { z } from 'zod';

/** Where the first NUL character in a parsed JSON value is, if any. */
function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\u0000') ? [...path, key] : nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Every input a route reads (params, query, body) goes through here: no text with a NUL
 * character (PostgreSQL cannot store one, and no form can type one), then the route's schema.
 * A failure is a ZodError, which the error middleware answers with 400 and every issue.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.output<S> {
  const nul = nulPath(value);
  if (nul) {
    throw new z.ZodError([
      {
        code: 'custom',
        path: nul.length ? nul : [where],
        message: 'Text cannot contain the NUL character',
        input: value,
      },
    ]);
  }
  return schema.parse(value);
}

/** `:id` route parameters: our ids are UUIDs. */
export const idParamsSchema = z.object({ id: z.string().uuid('Not a valid id') });
