import * as z from 'zod/mini';

/** Every non-2xx JSON answer of the API. The web shows `message`. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.optional(z.unknown()),
  issues: z.optional(
    z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })),
  ),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
