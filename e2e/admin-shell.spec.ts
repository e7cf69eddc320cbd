import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// The admin shell's sidebar is a sheet under 768 px. The script learns the window's width from a
// media query's change event, a frame or more after a resize (later on a loaded phone); the CSS
// must lay the page out for a phone by itself, or the page is 443 px wide until then.

test('on a phone the sidebar takes no room even while the script still thinks the window is wide', async ({
  page,
}) => {
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);

  // The script is told the window is wide, whatever it is: only the CSS decides the layout.
  await page.addInitScript(() => {
    const wide = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === '(max-width: 767px)' ? wide('(max-width: 0px)') : wide(query);
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/referrals');
  await expect(page.getByRole('heading', { name: 'Referrals' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  // The same page on a wide screen keeps its sidebar.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
});
