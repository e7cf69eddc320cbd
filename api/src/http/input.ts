import { z } from 'zod';

// Answers carry zod's own messages too ("Invalid input: expected string, received number").
// The shared schemas are zod/mini, which installs no locale, and the locale is global: set
// here, where every request's input is parsed, rather than left to classic zod's first schema.
z.config(z.locales.en());

// JSON nests arrays and objects; no form of ours goes deeper than a few levels.
const MAX_DEPTH = 32;

type Problem = { path: (string | number)[]; message: string };

/**
 * The first NUL character in a parsed JSON value, or nesting deeper than any form of ours: a
 * walk with its own stack, so a 12 kB body of brackets cannot exhaust the call stack.
 */
function inputProblem(root: unknown): Problem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        return { path, message: 'Text cannot contain the NUL character' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_DEPTH) return { path, message: 'The input is nested too deeply' };
    // Pushed last to first, so problems are found in the order the input has them.
    for (const [key, item] of Object.entries(value).reverse()) {
      const at = [...path, Array.isArray(value) ? Number(key) : key];
      if (key.includes('\u0000'))
        return { path: at, message: 'Text cannot contain the NUL character' };
      stack.push({ value: item, path: at });
    }
  }
  return null;
}

/**
 * Every input a route reads (params, query, body) goes through here: no text with a NUL
 * character (PostgreSQL cannot store one, and no form can type one), no absurd nesting, then
 * the route's schema.
 * A failure is a ZodError, which the error middleware answers with 400 and every issue.
 */
export function parseInput<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.output<S> {
  const problem = inputProblem(value);
  if (problem) {
    throw new z.ZodError([
      {
        code: 'custom',
        path: problem.path.length ? problem.path : [where],
        message: problem.message,
        input: undefined,
      },
    ]);
  }
  return z.parse(schema, value);
}

/** `:id` route parameters: our ids are UUIDs. */
export const idParamsSchema = z.object({ id: z.string().uuid('Not a valid id') });
