import { expect, type Page, test } from '@playwright/test';

/** Fails the test on any console error (a CSP violation, a failed chunk, a React crash). */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the home page renders with the site frame', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(page).toHaveTitle(/House Cleaning Services/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Now' }).first()).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }),
  ).toBeVisible();
  // The toast region is always rendered, announced to screen readers.
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
  // The header asks who is signed in; the browser notes the guest's 401, the only error allowed.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('/provider renders the provider app shell for a provider, and sends a guest to sign in', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/provider');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprovider$/);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill('provider@example.com');
  await form.getByLabel('Password').fill('demo-pass-2026');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByText('TwinClean Pro').first()).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Provider' }).getByRole('link', { name: 'Job Board' }),
  ).toBeVisible();
  // The only console error allowed is the browser's note about the guest's 401.
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('the mobile menu opens and closes after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Book Laundry Pickup' })).toBeVisible();
  await menu.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
});
