import * as z from 'zod/mini';

export const livenessSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().check(z.nonnegative()),
});
export type Liveness = z.infer<typeof livenessSchema>;

export const healthSchema = z.extend(livenessSchema, { database: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;
