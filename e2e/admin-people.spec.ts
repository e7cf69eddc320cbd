import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, toast } from './helpers';
import { acceptAnotherJob, BASE_URL, newProvider } from './phone';

test('staff finds a demo client by search, opens them and sees their bookings', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('lindqvist');
  // The search is the URL's, so a reload keeps it.
  await expect(page).toHaveURL(/q=lindqvist/);
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('lindqvist');
  await table.getByRole('link', { name: 'Jordan Lindqvist' }).click();

  await expect(page).toHaveURL(/\/admin\/clients\/00000000-0000-4000-8000-000000000001$/);
  await expect(page.getByRole('heading', { name: 'Jordan Lindqvist', level: 1 })).toBeVisible();
  const bookings = page.getByRole('region', { name: /^Bookings \(\d+\)$/ });
  await expect(bookings.getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Membership' })).toContainText('Pay Per Visit');
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Active');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // A booking opens the admin booking page.
  await bookings.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
});

test('staff marks a provider VIP and clears it again, on a phone-sized screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = await newProvider();
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/providers?q=${encodeURIComponent(email)}`);
  const table = page.getByRole('table', { name: 'Providers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  // No rating yet: N/A, as the provider's own dashboard says.
  await expect(table).toContainText('N/A');
  await expect(table).not.toContainText('VIP');
  await table.getByRole('link', { name: 'Jo Fresh' }).click();

  await expect(page.getByRole('heading', { name: 'Jo Fresh', level: 1 })).toBeVisible();
  const vip = page.getByRole('switch', { name: 'Marked VIP by an admin' });
  await expect(vip).toHaveAttribute('aria-checked', 'false');
  await vip.focus();
  await page.keyboard.press('Space');
  await expect(toast(page, 'Marked VIP')).toBeVisible();
  await expect(vip).toHaveAttribute('aria-checked', 'true');
  const card = page.getByRole('region', { name: 'VIP' });
  await expect(card).toContainText('by Sam Nguyen');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('link', { name: 'Back to Providers' }).click();
  // Other specs make providers of the same name: find this one by e-mail again.
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const found = page.getByRole('table', { name: 'Providers' });
  await expect(found.getByRole('row')).toHaveCount(2);
  await expect(found).toContainText('VIP');

  await found.getByRole('link', { name: 'Jo Fresh' }).click();
  await page.getByRole('switch', { name: 'Marked VIP by an admin' }).click();
  await expect(toast(page, 'VIP mark removed')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Marked VIP by an admin' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

test('deactivating a provider with upcoming jobs says they stay assigned', async ({
  page,
  browser,
}) => {
  const email = await newProvider();
  const phone = await browser.newPage();
  try {
    const login = await phone.request.post('/api/auth/login', {
      headers: { Origin: BASE_URL },
      data: { email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await acceptAnotherJob(phone);
  } finally {
    await phone.close();
  }
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/providers?q=${encodeURIComponent(email)}`);
  await page
    .getByRole('table', { name: 'Providers' })
    .getByRole('link', { name: 'Jo Fresh' })
    .click();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Deactivate Jo Fresh?' });
  await expect(dialog).toContainText(
    "Jo's upcoming jobs stay assigned to them. Unassign each from its booking page so it goes back on the job board.",
  );
  await dialog.getByRole('button', { name: 'Keep as is' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(
    'This account can sign in.',
  );
});
