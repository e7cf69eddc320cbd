import * as z from 'zod/mini';

/** The bytes of a base64url string (padded or not), or null when it is not one. */
export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, ''));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A browser's PushSubscription.toJSON(), as the provider app sends it after the tap. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .check(
      z.maxLength(1024, 'Push endpoint is too long'),
      z.url('Push endpoint must be a URL'),
      z.regex(/^https?:\/\/[\x21-\x7e]+$/, 'Push endpoint must be a plain http(s) URL'),
    ),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: z.string().check(
      z.refine((key) => {
        const bytes = base64urlBytes(key);
        return bytes?.length === 65 && bytes[0] === 4;
      }, 'p256dh must be an uncompressed P-256 public key (65 bytes, base64url)'),
    ),
    auth: z
      .string()
      .check(
        z.refine(
          (key) => base64urlBytes(key)?.length === 16,
          'auth must be a 16-byte secret (base64url)',
        ),
      ),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/provider/push/subscription: the endpoint this device stops receiving on. */
export const pushEndpointSchema = z.pick(pushSubscriptionSchema, { endpoint: true });

/** What every push carries; the service worker shows it as it is. */
export const pushMessageSchema = z.object({
  title: z.string().check(z.minLength(1)),
  body: z.string(),
  /** One notification per job: "job taken" replaces "new job" on the phone. */
  tag: z.string().check(z.minLength(1)),
  url: z.string().check(z.startsWith('/provider')),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The notification tag of a job's alerts. */
export const jobAlertTag = (bookingId: string) => `job-${bookingId}`;

export const JOB_ALERTS_URL = '/provider/job-board';
