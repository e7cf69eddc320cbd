import { expect, test } from '@playwright/test';
import { staticImportsOf } from '../scripts/built-chunks';
import { signInAsClient } from './client';

// Issue 35: a first visit's scripts arrive in one round, and a signed-in area asks who is
// signed in beside its scripts, not after them.

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

test("a signed-in area's shell preloads the entry's chunks and the signed-in user", async ({
  page,
}) => {
  await signInAsClient(page);
  const asked: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/auth/user') asked.push(req.url());
  });
  const shell = await page.goto('/client');
  expect(shell?.headers().link).toBe(
    '</api/auth/user>; rel=preload; as=fetch; crossorigin=use-credentials',
  );
  expect(await shell?.text()).toContain('rel="modulepreload"');
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan!' })).toBeVisible();
  // The app's own question is answered by the preload: the server is asked once.
  expect(asked).toHaveLength(1);
});

test('a guest gets the shell without the preload (it would be a 401 in the console)', async ({
  request,
}) => {
  const shell = await request.get('/client');
  expect(shell.headers().link).toBeUndefined();
});
