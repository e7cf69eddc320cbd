import { expect, type Page, test } from '@playwright/test';
import { staticImportsOf } from '../scripts/built-chunks';
import { signInAsClient } from './client';
import { signIn } from './helpers';

// Issue 35: a first visit's scripts arrive in one round, and a page that arrives as the empty
// shell names its scripts (and, signed in, its first screen's data) in its Link header.

test('a prerendered page names no preloads and its entry needs at most two more files', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  // The page paints with no script: nothing may compete with that for bandwidth.
  expect(html).not.toContain('rel="modulepreload"');
  const entry = html.match(/<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(entry).toBeTruthy();
  const imports = staticImportsOf(await (await request.get(entry as string)).text());
  // The bundler's runtime and the one startup chunk; left alone it split out 27.
  expect(imports.length).toBeLessThanOrEqual(2);
});

/** How many requests the page makes to each of `paths` (API addresses, with their queries). */
function countRequests(page: Page, paths: readonly string[]): Map<string, number> {
  const counts = new Map(paths.map((p) => [p, 0]));
  page.on('request', (req) => {
    const url = new URL(req.url());
    const at = `${url.pathname}${url.search}`;
    if (counts.has(at)) counts.set(at, (counts.get(at) ?? 0) + 1);
  });
  return counts;
}

const linked = (header: string | undefined, rel: string) =>
  [...(header ?? '').matchAll(/<([^>]+)>; rel=(\w+)/g)]
    .filter((m) => m[2] === rel)
    .map((m) => m[1] as string);

for (const area of [
  {
    path: '/client',
    signIn: signInAsClient,
    heading: 'Welcome back, Jordan!',
    data: ['/api/auth/user', '/api/bookings', '/api/series', '/api/client/credits'],
  },
  {
    path: '/admin',
    signIn: async (page: Page) => {
      await signIn(page, 'owner@example.com');
      await expect(page).toHaveURL(/\/admin$/);
    },
    heading: 'Dashboard',
    data: ['/api/auth/user', '/api/admin/stats', '/api/admin/bookings?pageSize=10&sort=createdAt'],
  },
]) {
  test(`${area.path}'s shell preloads its scripts and its first screen's data, each used`, async ({
    page,
  }) => {
    await area.signIn(page);
    await page.goto('about:blank');
    const shell = page.waitForResponse((res) => new URL(res.url()).pathname === area.path);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const asked = countRequests(page, area.data);
    await page.goto(area.path);
    const link = (await shell).headers().link;
    // Named in the header, the data crosses the network beside the scripts...
    expect(linked(link, 'preload')).toEqual(area.data);
    await expect(page.getByRole('heading', { name: area.heading, level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // ...and the app's own requests are answered by the preloads: the server is asked once.
    expect(Object.fromEntries(asked)).toEqual(Object.fromEntries(area.data.map((d) => [d, 1])));
    // Every script the page ran was named (none found only after another arrived), and
    // each was fetched once.
    const preloaded = linked(link, 'modulepreload');
    expect(scripts.filter((s) => !preloaded.includes(s))).toEqual([]);
    expect(new Set(scripts).size).toBe(scripts.length);
  });
}

test("a guest gets the shell's scripts but no API preload (it would be a 401 in the console)", async ({
  request,
}) => {
  const shell = await request.get('/client');
  expect(linked(shell.headers().link, 'modulepreload').length).toBeGreaterThan(2);
  expect(linked(shell.headers().link, 'preload')).toEqual([]);
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test("a page that is not prerendered paints the app's first frame: the site's around a spinner, the admin area's spinner alone", async ({
    page,
  }) => {
    for (const path of ['/client/bookings/1', '/pay/some-token', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('link', { name: 'TwinClean' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading…');
      // Styled from the document itself: the header has its 4rem bar with no stylesheet fetched.
      expect(
        await page
          .getByRole('banner')
          .locator('> div')
          .evaluate((el) => el.clientHeight),
      ).toBe(64);
      // The account part waits for the session, as in the app: no Sign In for a signed-in user.
      await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    }
    await page.goto('/admin/bookings');
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});
