import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { formatInstant } from '@twinclean/shared/schedule';
import { zipCentroidGeocoder } from '../api/src/adapters/geocoder';
import { signIn, toast } from './helpers';
import { acceptAnotherJob, acceptNewJob, BASE_URL, newProvider } from './phone';

test.use({ viewport: { width: 1280, height: 800 } });

/** An instant as the admin area shows it (Chicago): "Nov 26, 2026, 4:35 PM". */
const CHICAGO = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M';

/**
 * Clocks the phone in and out at the job through the API (the phone's own screens are
 * provider.spec.ts's), so its payout waits, pending; `clockIn` adds to the clock-in's body.
 */
async function workJob(
  phone: Page,
  job: ProviderJob,
  { clockIn = {}, waitPay = 0 }: { clockIn?: Record<string, unknown>; waitPay?: number } = {},
) {
  const point = await zipCentroidGeocoder().locate(job);
  const at = { latitude: point?.latitude, longitude: point?.longitude, accuracy: 10 };
  for (const [path, body] of [
    ['clock-in', { ...at, ...clockIn }],
    ['clock-out', { ...at, waitPay }],
  ] as const) {
    const punched = await phone.request.post(`/api/provider/${path}/${job.id}`, {
      headers: { Origin: BASE_URL, 'Idempotency-Key': randomUUID() },
      data: body,
    });
    expect(punched.status(), await punched.text()).toBe(200);
  }
  return point;
}

test('staff marks a finished job’s payout paid from the admin shell, and the provider sees it paid', async ({
  page,
  browser,
}) => {
  // A provider's finished job, so its payout waits, pending.
  const provider = await browser.newContext({ baseURL: BASE_URL, serviceWorkers: 'block' });
  const phone = await provider.newPage();
  const email = await newProvider();
  const job = await acceptNewJob(phone, email);
  const point = await workJob(phone, job, { waitPay: 5 });
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

test('a flagged payout says why and offers no Mark Paid until it is reviewed; a $0.00 one is not payable', async ({
  page,
  browser,
}) => {
  const provider = await browser.newContext({ baseURL: BASE_URL, serviceWorkers: 'block' });
  const phone = await provider.newPage();
  const job = await acceptNewJob(phone, await newProvider());
  // The phone claims a clock-in a day ago, before the job was even its own: the server records
  // its own time and flags the punch, so the payout waits for an admin.
  const dayAgo = new Date(Date.now() - 24 * 3_600_000).toISOString();
  await workJob(phone, job, { clockIn: { occurredAt: dayAgo }, waitPay: 5 });
  const { id: providerId } = await (await phone.request.get('/api/auth/user')).json();

  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/payouts?providerId=${providerId}`);
  await expect(page.getByRole('heading', { name: 'Provider Payouts' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: job.address });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Needs review', { exact: true })).toBeVisible();
  // The times read as the admin area writes them, in Chicago: "Nov 26, 2026, 4:35 PM".
  const device = `Device time ${formatInstant(dayAgo)} is outside the clock-in window`;
  const span = new RegExp(
    `window \\((${CHICAGO}) to (${CHICAGO})\\); the server's time ${CHICAGO} was`,
  );
  await expect(row).toContainText(`This payout is flagged for review: Clock-in flagged: ${device}`);
  await expect(row).toContainText(span);
  await expect(row).toContainText('Review it on the booking page before paying it.');
  await expect(row.getByRole('button', { name: /Mark Paid/ })).toHaveCount(0);

  // The row leads to the booking page, where the hours are approved; its punches say the same.
  await row.getByRole('link', { name: /Review on the booking page/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${job.id}$`));
  const clockIn = page
    .getByRole('table', { name: 'Clock-in and clock-out events' })
    .getByRole('row', { name: /^Clock In/ });
  await expect(clockIn).toContainText(device);
  await expect(clockIn).toContainText(span);
  // The window opens before it closes.
  const [, opens = '', closes = ''] = span.exec((await clockIn.textContent()) ?? '') ?? [];
  expect(Date.parse(opens)).toBeLessThanOrEqual(Date.parse(closes));
  await page
    .getByRole('form', { name: 'Review payout' })
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect(toast(page, 'Payout Reviewed')).toBeVisible();
  await page.goBack();
  await expect(row.getByText('Needs review', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: /Mark Paid/ }).click();
  await expect(toast(page, 'Payout marked as paid')).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);

  // A job with no hours to speak of and no wait pay earns $0.00: there is nothing to pay.
  const empty = await acceptAnotherJob(phone);
  await workJob(phone, empty);
  await page.getByLabel('Status').selectOption('pending');
  const zero = page.getByRole('row').filter({ hasText: empty.address });
  await expect(zero).toHaveCount(1);
  await expect(zero).toContainText('$0.00');
  await expect(zero).toContainText('This payout is $0.00; there is nothing to pay.');
  await expect(zero.getByRole('button')).toHaveCount(0);
  await provider.close();
});
