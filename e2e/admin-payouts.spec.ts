import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { zipCentroidGeocoder } from '../api/src/adapters/geocoder';
import { signIn, toast } from './helpers';
import { acceptNewJob, BASE_URL, newProvider } from './phone';

test.use({ viewport: { width: 1280, height: 800 } });

test('staff marks a finished job’s payout paid from the admin shell, and the provider sees it paid', async ({
  page,
  browser,
}) => {
  // A provider's finished job: accepted, clocked in and out at the job through the API (the
  // phone's own screens are provider.spec.ts's), so its payout waits, pending.
  const provider = await browser.newContext({ baseURL: BASE_URL, serviceWorkers: 'block' });
  const phone = await provider.newPage();
  const email = await newProvider();
  const job = await acceptNewJob(phone, email);
  const point = await zipCentroidGeocoder().locate(job);
  const at = { latitude: point?.latitude, longitude: point?.longitude, accuracy: 10 };
  for (const [path, body] of [
    ['clock-in', at],
    ['clock-out', { ...at, waitPay: 5 }],
  ] as const) {
    const punched = await phone.request.post(`/api/provider/${path}/${job.id}`, {
      headers: { Origin: BASE_URL, 'Idempotency-Key': randomUUID() },
      data: body,
    });
    expect(punched.status(), await punched.text()).toBe(200);
  }
  const { id: providerId } = await (await phone.request.get('/api/auth/user')).json();

  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  const header = page.getByRole('banner');
  await expect(header).toContainText('Sam Nguyen');
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Settings (pricing, admin accounts, the audit log) is the owner's: staff has no link to it.
  for (const name of ['Pricing Config', 'Admin Accounts', 'Audit Log']) {
    await expect(sidebar.getByRole('link', { name })).toHaveCount(0);
  }

  // Ctrl+B folds the sidebar to its icons, the cookie keeps it folded across a reload.
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect(sidebar).toHaveCSS('width', '48px');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await sidebar.getByRole('link', { name: 'Payouts' }).click();
  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await expect(sidebar).toHaveCSS('width', '256px');

  await expect(page.getByRole('heading', { name: 'Provider Payouts' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Payouts' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByLabel('Provider').selectOption(providerId);
  await expect(page).toHaveURL(new RegExp(`providerId=${providerId}`));
  const row = page.getByRole('row').filter({ hasText: job.address });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expect(row).toContainText(`Clock In: ${point?.latitude.toFixed(4)}`);
  await expect(row).toContainText('$5.00');

  await row.getByRole('button', { name: /Mark Paid/ }).click();
  await expect(toast(page, 'Payout marked as paid')).toBeVisible();
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The provider's app says so too.
  await phone.goto('/provider/payouts');
  await expect(phone.getByRole('heading', { name: 'My Earnings' })).toBeVisible();
  const payout = phone.getByRole('listitem').filter({ hasText: job.address });
  await expect(payout).toContainText('Paid');
  await provider.close();
});
