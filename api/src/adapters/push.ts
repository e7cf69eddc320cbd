import type { PushMessage } from '@twinclean/shared/push';
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Where a browser receives pushes: PushSubscription's endpoint and keys. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * - sent: the push service took it;
 * - gone: 404/410, the browser dropped the subscription (delete it);
 * - retry: no answer, 429 or 5xx (try again later);
 * - refused: a redirect, any other 4xx, or keys that cannot encrypt (a retry would fail too).
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; reason: string; afterSeconds?: number }
  | { kind: 'refused'; reason: string };

export type PushSender = {
  /** The applicationServerKey browsers subscribe with. */
  publicKey: string;
  /** `topic` lets the push service keep only the newest message of a topic for an offline phone. */
  send(
    target: PushTarget,
    message: PushMessage,
    options?: { topic?: string },
  ): Promise<PushOutcome>;
};

const FOUR_HOURS = 4 * 60 * 60;

/**
 * Web Push with VAPID to whatever push service the browser chose (FCM, Mozilla, Apple, or a
 * local one in tests). web-push encrypts and signs; we send with fetch, because its own
 * sendNotification only speaks https.
 */
export function webPushSender(vapid: VapidKeys, timeoutMs = 10_000): PushSender {
  return {
    publicKey: vapid.publicKey,
    async send(target, message, options = {}) {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: vapid,
            contentEncoding: 'aes128gcm',
            // A job alert is worthless once the job is hours gone.
            TTL: FOUR_HOURS,
            urgency: 'high',
            ...(options.topic ? { topic: options.topic } : {}),
          },
        );
      } catch (error) {
        // Keys that cannot encrypt: every later try would fail the same way.
        return { kind: 'refused', reason: (error as Error).message };
      }
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          // A push service answers; it never sends us elsewhere (nor may an endpoint make us go).
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { kind: 'retry', reason: (error as Error).message };
      }
      const reason = `push service answered ${response.status}`;
      const retryAfter = Number(response.headers.get('Retry-After'));
      await response.body?.cancel();
      if (response.ok) return { kind: 'sent' };
      if (response.status === 404 || response.status === 410) return { kind: 'gone' };
      if (response.status === 429 || response.status >= 500) {
        // A busy push service may say when to come back (in seconds; dates are ignored).
        return Number.isInteger(retryAfter) && retryAfter > 0
          ? { kind: 'retry', reason, afterSeconds: retryAfter }
          : { kind: 'retry', reason };
      }
      // Redirects and other 4xx.
      return { kind: 'refused', reason };
    },
  };
}
