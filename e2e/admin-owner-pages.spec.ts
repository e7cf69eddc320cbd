import { expect, test } from '@playwright/test';
import { expectAccessible } from './client';
import { signIn } from './helpers';

// Issue 29 item 10: staff opening an owner's page (DECISIONS.md "Roles") stay in the admin
// shell, which says the page is for owners, instead of the public site's not-found page.

const OWNER_PAGES = [
  { path: '/admin/pricing', title: 'Pricing Config' },
  { path: '/admin/admins', title: 'Admin Accounts' },
  { path: '/admin/audit-log', title: 'Audit Log' },
];

for (const { path, title } of OWNER_PAGES) {
  test(`staff opening ${path} stay in the admin shell, told the page is for owners`, async ({
    page,
  }) => {
    await signIn(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`${title} is for owners only.`);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
    // The shell: its header with the admin's name and Logout.
    await expect(page.getByRole('banner')).toContainText('Sam Nguyen');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | TwinClean Admin`);
    if (path === '/admin/pricing') await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
}
