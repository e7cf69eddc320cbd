import { z } from 'zod';
import { roleSchema, subscriptionTypeSchema } from './roles';

/** GET /api/auth/user: the signed-in user as every screen reads it. */
export const currentUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string().email(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  // Older sessions may lack it; the spec treats absent as none.
  subscriptionType: subscriptionTypeSchema.catch('none'),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
