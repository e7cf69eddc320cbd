import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's webhook signature (X-Twilio-Signature): HMAC-SHA1 with the auth token of the URL it
 * posted to followed by every POST parameter, sorted by name, as name then value; base64.
 * https://www.twilio.com/docs/usage/webhooks/webhooks-security
 */
export function twilioSignature(key: string, url: string, params: URLSearchParams): string {
  const pairs = [...params].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
  const data = url + pairs.map(([name, value]) => name + value).join('');
  return createHmac('sha1', key).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is the one Twilio would send; compared in constant time. */
export function signatureMatches(
  key: string,
  url: string,
  params: URLSearchParams,
  signature: string,
): boolean {
  const expected = Buffer.from(twilioSignature(key, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
