import { randomBytes } from 'node:crypto';

// What the Stripe stand-in's endpoints answer with: Stripe's JSON shapes, ids and errors.

export type Json = Record<string, unknown>;
export type Answer = { status: number; body: Json };

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);
export const fail = (status: number, error: Json): Answer => ({ status, body: { error } });
export const missing = (kind: string, id: string, param: string) =>
  fail(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

/** expand[0]=latest_charge… back into the list of what to expand. */
export const expandOf = (params: Record<string, string>) =>
  Object.entries(params).flatMap(([key, value]) => (key.startsWith('expand[') ? [value] : []));

/** metadata[bookingId]=… form fields back into { bookingId: … }, as Stripe reads them. */
export const metadataOf = (params: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(params).flatMap(([key, value]) => {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      return name ? [[name, value]] : [];
    }),
  );

/** A webhook event about `object` as Stripe would post it, for a test to sign and deliver. */
export const eventOf = (type: string, object: Json): Json => ({
  id: newId('evt'),
  object: 'event',
  api_version: '2026-10-28.endive',
  created: now(),
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
});

export const invalid = (message: string, param?: string) =>
  fail(400, { type: 'invalid_request_error', message, param });

/**
 * Stripe's refusals of a confirm at creation (a charge of a saved card): among them, one where a
 * method that leaves the page is neither ruled out nor given a return_url, since automatic
 * payment methods are on by default.
 */
export function confirmRefusal(params: Record<string, string>): Answer | null {
  if (params.confirm !== 'true') {
    return params.off_session ? invalid('off_session can only be used with confirm=true.') : null;
  }
  if (params['automatic_payment_methods[allow_redirects]'] !== 'never' && !params.return_url) {
    return invalid(
      'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
    );
  }
  if (!params.payment_method) {
    return invalid("You cannot confirm this PaymentIntent because it's missing a payment method.");
  }
  return null;
}
