import * as z from 'zod/mini';
import { dollarsSchema } from './money';

/** One item of GET /api/add-ons. */
export const addOnSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  description: z.string(),
  price: dollarsSchema,
  timeMinutes: z.number().check(z.int(), z.nonnegative()),
});
export type AddOn = z.infer<typeof addOnSchema>;

export const addOnListSchema = z.array(addOnSchema);
