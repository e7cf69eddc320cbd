import { ECDH } from 'node:crypto';
import type { PushSubscriptionInput } from '@twinclean/shared/push';

// The push services browsers use. In production the server only ever posts to these, so a
// subscription cannot aim it at an internal address.
const PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /(^|\.)push\.apple\.com$/,
];

/**
 * Why this subscription cannot be used, or null. `anyEndpoint` (development and tests) also
 * takes a local push service over http.
 */
export function subscriptionProblem(
  subscription: PushSubscriptionInput,
  anyEndpoint: boolean,
): string | null {
  const url = new URL(subscription.endpoint);
  if (
    !anyEndpoint &&
    (url.protocol !== 'https:' || !PUSH_SERVICES.some((host) => host.test(url.hostname)))
  ) {
    return 'Push endpoint must be an https URL of a known push service';
  }
  try {
    // Encrypting to it would fail on every push; better refused now.
    ECDH.convertKey(subscription.keys.p256dh, 'prime256v1', 'base64url');
  } catch {
    return 'p256dh is not a point on the P-256 curve';
  }
  return null;
}
