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
