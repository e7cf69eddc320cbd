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

  it('defaults to development on port 3000 with the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });
});
