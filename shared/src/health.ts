import * as z from 'zod/mini';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  uptimeSeconds: z.number().check(z.nonnegative()),
});
export type Health = z.infer<typeof healthSchema>;
