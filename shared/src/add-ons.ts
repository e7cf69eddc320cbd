import { z } from 'zod';
import { dollarsSchema } from './money';

/** One item of GET /api/add-ons. */
export const addOnSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  price: dollarsSchema,
  timeMinutes: z.number().int().nonnegative(),
});
export type AddOn = z.infer<typeof addOnSchema>;

export const addOnListSchema = z.array(addOnSchema);
