import { z } from 'zod';

const base64url = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`);

/** A browser's PushSubscription.toJSON(), as the provider app sends it after the tap. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .url('Push endpoint must be a URL')
    .max(2048)
    .refine((url) => /^https?:\/\//.test(url), 'Push endpoint must be an http(s) URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret.
    p256dh: base64url('p256dh', 87, 88),
    auth: base64url('auth', 22, 24),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/provider/push/subscription: the endpoint this device stops receiving on. */
export const pushEndpointSchema = pushSubscriptionSchema.pick({ endpoint: true });

/** What every push carries; the service worker shows it as it is. */
export const pushMessageSchema = z.object({
  title: z.string().min(1),
  body: z.string(),
  /** One notification per job: "job taken" replaces "new job" on the phone. */
  tag: z.string().min(1),
  url: z.string().startsWith('/provider'),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The notification tag of a job's alerts. */
export const jobAlertTag = (bookingId: string) => `job-${bookingId}`;

export const JOB_ALERTS_URL = '/provider/job-board';
