import { createHash } from 'node:crypto';
import { AppError } from '../errors';

// Stripe and the IETF Idempotency-Key draft: a key names one request. A repeat with the same
// parameters gets the first answer; the same key with other parameters is the client's bug, and
// answering it with the first answer would hide that the second request never happened.

/** JSON with object keys sorted at every depth, so equal values always give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value)
      // An absent field and an undefined one are the same request (JSON.stringify drops both).
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of the canonical JSON of a request's parsed parameters. */
export function requestFingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export const keyReusedError = (): AppError =>
  new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used with different parameters. Send a new key for a new request.',
  );
