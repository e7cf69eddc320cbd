import { describe, expect, it } from 'vitest';
import { keyReusedError, requestFingerprint } from './idempotency';

describe('requestFingerprint', () => {
  it('is the same for the same parameters in any key order, at any depth', () => {
    const a = {
      kind: 'clock_in',
      input: { latitude: 1, longitude: 2, nested: { x: 1, y: [1, 2] } },
    };
    const b = {
      input: { nested: { y: [1, 2], x: 1 }, longitude: 2, latitude: 1 },
      kind: 'clock_in',
    };
    expect(requestFingerprint(a)).toBe(requestFingerprint(b));
    expect(requestFingerprint(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('treats an undefined field as absent, and tells any other difference', () => {
    expect(requestFingerprint({ a: 1, b: undefined })).toBe(requestFingerprint({ a: 1 }));
    expect(requestFingerprint({ a: 1 })).not.toBe(requestFingerprint({ a: '1' }));
    expect(requestFingerprint({ a: [1, 2] })).not.toBe(requestFingerprint({ a: [2, 1] }));
    expect(requestFingerprint({ a: null })).not.toBe(requestFingerprint({}));
  });
});

describe('keyReusedError', () => {
  it('is a 422 with a message saying what to do', () => {
    expect(keyReusedError()).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
      message:
        'This Idempotency-Key was already used with different parameters. Send a new key for a new request.',
    });
  });
});
