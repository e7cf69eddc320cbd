import { pushMessageSchema } from '@twinclean/shared/push';
import { z } from 'zod';

// The queue of single pushes, one job per phone: job alerts and the auction board's urgent
// alerts both feed it, and job-alerts.ts works it (recording each "new job" push it delivers,
// so a "job taken" later replaces it on that phone).

export const PUSH = 'job-alerts.push';

export const pushSchema = z.object({
  subscriptionId: z.string().uuid(),
  /** Whose phone it was when queued: a shared phone taken over since gets nothing meant for them. */
  userId: z.string().uuid(),
  bookingId: z.string().uuid(),
  kind: z.enum(['opened', 'taken']),
  message: pushMessageSchema,
  attempt: z.number().int().nonnegative().default(0),
});
export type Push = z.input<typeof pushSchema>;
