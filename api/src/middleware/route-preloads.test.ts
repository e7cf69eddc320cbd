import { describe, expect, it } from 'vitest';
import { type RoutePreloadManifest, routeMatches, shellPreloads } from './route-preloads';

describe('routeMatches', () => {
  it('matches a layout or a page under its path, and an index route at its path only', () => {
    expect(routeMatches('/client', '/client')).toBe(true);
    expect(routeMatches('/client', '/client/bookings/7')).toBe(true);
    expect(routeMatches('/client/', '/client')).toBe(true);
    expect(routeMatches('/client/', '/client/')).toBe(true);
    expect(routeMatches('/client/', '/client/settings')).toBe(false);
    expect(routeMatches('/client', '/clients')).toBe(false);
    expect(routeMatches('/client/settings', '/client')).toBe(false);
    // The home page is the root's index: not every page's.
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/', '/client')).toBe(false);
  });

  it('takes any one segment for a parameter and the rest for a splat', () => {
    expect(routeMatches('/client/bookings/$id', '/client/bookings/42')).toBe(true);
    expect(routeMatches('/client/bookings/$id', '/client/bookings')).toBe(false);
    expect(routeMatches('/client/bookings/$id', '/client/invoices/42')).toBe(false);
    expect(routeMatches('/files/$', '/files/a/b/c')).toBe(true);
    expect(routeMatches('/_auth/settings', '/settings')).toBe(true);
  });

  it('compares a segment as decoded, and a malformed one matches only a parameter', () => {
    expect(routeMatches('/book/dry-cleaning', '/book/dry%2Dcleaning')).toBe(true);
    expect(routeMatches('/book/dry-cleaning', '/book/%E0%A4%A')).toBe(false);
    expect(routeMatches('/pay/$token', '/pay/%E0%A4%A')).toBe(true);
  });
});

const manifest: RoutePreloadManifest = {
  entry: ['/assets/index.js', '/assets/startup.js'],
  routes: [
    { id: '/client', modules: ['/assets/route.js'], data: [] },
    { id: '/client/', modules: ['/assets/client.js', '/assets/api.js'], data: ['/api/bookings'] },
    { id: '/client/bookings/$id', modules: ['/assets/booking.js', '/assets/api.js'], data: [] },
  ],
};

describe('shellPreloads', () => {
  it("names the entry's scripts first, then each matched route's once, then its data when signed in", () => {
    expect(shellPreloads(manifest, '/client', true)).toEqual([
      '</assets/index.js>; rel=modulepreload',
      '</assets/startup.js>; rel=modulepreload',
      '</assets/route.js>; rel=modulepreload',
      '</assets/client.js>; rel=modulepreload',
      '</assets/api.js>; rel=modulepreload',
      '</api/bookings>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
    expect(shellPreloads(manifest, '/client/bookings/9', true)).toEqual([
      '</assets/index.js>; rel=modulepreload',
      '</assets/startup.js>; rel=modulepreload',
      '</assets/route.js>; rel=modulepreload',
      '</assets/booking.js>; rel=modulepreload',
      '</assets/api.js>; rel=modulepreload',
    ]);
  });

  it('asks for no API answer for a browser that is not signed in, and only the entry for an unknown page', () => {
    expect(shellPreloads(manifest, '/client', false).some((l) => l.includes('/api/'))).toBe(false);
    expect(shellPreloads(manifest, '/no-such-page', true)).toEqual([
      '</assets/index.js>; rel=modulepreload',
      '</assets/startup.js>; rel=modulepreload',
    ]);
  });
});
