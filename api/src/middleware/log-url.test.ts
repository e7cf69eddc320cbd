import { describe, expect, it } from 'vitest';
import { loggedUrl } from './log-url';

const TOKEN = '3f2b9c1e-8a7d-4e6f-9b0a-1c2d3e4f5a6b_QX7319ZmacMACmac';

describe('loggedUrl', () => {
  it('cuts every link token in a path short, API and page alike', () => {
    for (const path of [
      `/api/visit-reports/${TOKEN}`,
      `/api/visit-reports/${TOKEN}/photos/abc`,
      `/api/pay/${TOKEN}/record-payment`,
      `/api/ratings/${TOKEN}`,
      `/api/visit-moves/${TOKEN}`,
      `/visit-report/${TOKEN}`,
      `/rate/${TOKEN}?x=1`,
      `/pay/${TOKEN}`,
      `/visit-moves/${TOKEN}`,
    ]) {
      const logged = loggedUrl(path);
      expect(logged, path).not.toContain('QX7319Z');
      expect(logged, path).toContain('3f2b9c…');
    }
    expect(loggedUrl(`/api/visit-reports/${TOKEN}/photos/abc`)).toBe(
      '/api/visit-reports/3f2b9c…/photos/abc',
    );
  });

  it('leaves other paths as they are', () => {
    expect(loggedUrl('/api/bookings/3f2b9c1e-8a7d?x=1')).toBe('/api/bookings/3f2b9c1e-8a7d?x=1');
    expect(loggedUrl('/api/payments/webhook')).toBe('/api/payments/webhook');
  });
});
