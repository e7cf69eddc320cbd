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

  it('defaults to development on port 3000 with the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });
});
