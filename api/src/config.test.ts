import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('refuses to start in production without SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL is required in production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).NODE_ENV,
    ).toBe('production');
  });

  it('wants both Google credentials or neither, and names bad values', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('wants both VAPID keys or neither, and a subject push services can reach', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'BPublic' })).toThrow(
      /Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://twinclean.test' })).toThrow(
      /VAPID_SUBJECT must be a mailto: or https:\/\/ URL/,
    );
    expect(loadConfig({}).VAPID_SUBJECT).toBe('mailto:hello@twinclean.test');
  });

  it('wants all three Stripe settings or none, each of its own kind', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
    };
    expect(loadConfig(stripe)).toMatchObject(stripe);
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    const all = /Set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/;
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(all);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(all);
    const swapped = { ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_test_123', STRIPE_SECRET_KEY: 'pk_1' };
    expect(() => loadConfig(swapped)).toThrow(/STRIPE_PUBLISHABLE_KEY must be a publishable key/);
    expect(() => loadConfig(swapped)).toThrow(/STRIPE_SECRET_KEY must be a secret key/);
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/,
    );
  });

  it('stores photos on local disk unless S3_BUCKET is set, and then wants both S3 keys', () => {
    const local = loadConfig({});
    expect(local.S3_BUCKET).toBeUndefined();
    expect(local.S3_REGION).toBe('us-east-1');
    const s3 = {
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3)).toMatchObject({ ...s3, S3_REGION: 'us-east-1' });
    expect(loadConfig(s3).S3_ENDPOINT).toBeUndefined();
    const garage = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:3900', S3_REGION: 'garage' };
    expect(loadConfig(garage)).toMatchObject(garage);
    const both = /S3_BUCKET needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/;
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(both);
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: undefined })).toThrow(both);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'garage:3900' })).toThrow(
      /S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/,
    );
    // Settings without a bucket would be ignored, leaving photos on disk by surprise.
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:3900' })).toThrow(
      /S3_BUCKET is needed/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: undefined })).toThrow(/S3_BUCKET is needed/);
  });

  it('takes a metrics token of 16+ characters and a metrics port apart from PORT', () => {
    const none = loadConfig({});
    expect([none.METRICS_TOKEN, none.METRICS_PORT, none.METRICS_HOST]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const set = { METRICS_TOKEN: 'a'.repeat(16), METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' };
    expect(loadConfig(set)).toMatchObject({ ...set, METRICS_PORT: 9464 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it!' })).toThrow(/cannot contain/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ/);
    expect(() => loadConfig({ METRICS_HOST: '10.0.0.5' })).toThrow(/set METRICS_PORT too/);
  });

  it('defaults to development on port 3000 with the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });
});
