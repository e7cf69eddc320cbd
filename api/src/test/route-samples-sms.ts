import type { Call } from './route-samples';
import type { World } from './route-world';

/**
 * Sample calls of the text messages' routes (issue 32): Twilio's signed post, with no
 * parameters (the matrix sends bodies as JSON, which the webhook refuses; form posts are fuzzed
 * in modules/sms/inbound.test.ts).
 */
export const SMS_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'POST /api/sms/inbound': (w) => ({ headers: { 'X-Twilio-Signature': w.smsSignature } }),
};
