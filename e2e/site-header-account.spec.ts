import { expect, type Page, test } from '@playwright/test';
import { book, expectAccessible, signInAsClient } from './client';
import { signIn } from './helpers';

// Issue 29 item 1: a signed-in user's public header shows the account (name, a link to the
// user's own area, Sign Out) instead of Sign In, and /login sends them to their area.

const banner = (page: Page) => page.getByRole('banner');

/** The desktop header of a signed-in user: the name leads to the user's area, no Sign In. */
async function expectAccount(page: Page, name: string, area: string) {
  await expect(banner(page).getByRole('link', { name })).toHaveAttribute('href', area);
  await expect(banner(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a signed-in client sees the account in the header on every page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsClient(page);
  await expectAccount(page, 'Jordan Lindqvist, My Account', '/client');
  const { id } = await book(page, 9);
  for (const path of ['/', '/book/house', `/client/checkout/${id}`, '/client/subscribe']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccount(page, 'Jordan Lindqvist, My Account', '/client');
  }
});

test('the client signs out from the header, by keyboard; it fits from 768 px up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 800 });
  await signInAsClient(page);
  const signOut = banner(page).getByRole('button', { name: 'Sign Out' });
  await expect(signOut).toBeVisible();
  // The smallest desktop width still holds the whole header on one line.
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);

  await signOut.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(banner(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(signOut).toHaveCount(0);
});

test('/login sends a signed-in user to their area, or back to the page that asked', async ({
  page,
}) => {
  await signInAsClient(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan!' })).toBeVisible();
  await page.goto('/login?redirect=%2Fclient%2Fsubscribe');
  await expect(page).toHaveURL(/\/client\/subscribe$/);
});

test('a provider’s header leads to the provider app, and /login goes there too', async ({
  page,
}) => {
  await signIn(page, 'provider@example.com');
  await expect(page).toHaveURL(/\/provider$/);
  await page.goto('/help');
  await expectAccount(page, 'Maria Gonzalez, Provider Dashboard', '/provider');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Maria' })).toBeVisible();
});

test('an admin’s header leads to the admin area', async ({ page }) => {
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/services');
  await expectAccount(page, 'Sam Nguyen, Admin Dashboard', '/admin');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin$/);
});

test('on a 390 px phone the menu shows the account and signs out', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsClient(page);
  await page.goto('/book');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toContainText('Signed in as Jordan Lindqvist');
  await expect(menu.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/client');
  await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  await menu.getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible();
});

test('a guest’s public pages never ask who is signed in, so their consoles hold no error', async ({
  page,
}) => {
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/auth/user') asked.push(req.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const path of ['/', '/services', '/book', '/book/carpet']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);

  // Signed in, the same browser asks, and the header shows the account after a reload.
  await signInAsClient(page);
  await page.goto('/services');
  await expectAccount(page, 'Jordan Lindqvist, My Account', '/client');
  expect(asked.length).toBeGreaterThan(0);
});

test('a signed-in client whose hint cookie is gone still opens their area, and the hint comes back', async ({
  page,
}) => {
  await signInAsClient(page);
  // Off the app first, so no answer to a request of its page brings the hint back meanwhile.
  await page.goto('about:blank');
  // A session older than the hint (or the cookie cleared by hand): only the session is left.
  await page.context().clearCookies({ name: 'tc.in' });
  await page.goto('/client');
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan!' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'tc.in')?.value).toBe('1');
});
