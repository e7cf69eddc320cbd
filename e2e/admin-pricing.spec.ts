import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn, toast } from './helpers';
import { acceptNewJob, newProvider, standAtJob } from './phone';

// The one spec that changes the live prices every other spec asserts ($45 an hour in the FAQ,
// the wizard's estimate, the subscribe page): it runs in its own `pricing` project, after the
// `app` project has finished (playwright.config.ts), and puts the rate back before it ends.

type Pricing = { version: number; values: Record<string, unknown> };

async function livePricing(request: APIRequestContext): Promise<Pricing> {
  const res = await request.get('/api/admin/pricing');
  expect(res.status()).toBe(200);
  return (await res.json()) as Pricing;
}

/** Sets one figure through the API as the signed-in owner (also the clean-up, whatever failed). */
async function setFigure(request: APIRequestContext, field: string, value: string): Promise<void> {
  const pricing = await livePricing(request);
  if (pricing.values[field] === value) return;
  const res = await request.put('/api/admin/pricing', {
    data: { ...pricing.values, [field]: value, version: pricing.version, note: 'e2e' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInAsOwner(page: Page) {
  await signIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/admin$/);
}

test('the owner changes the hourly rate; the home page and the booking wizard show it', async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.goto('/admin/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing Config', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Pricing config' });
  const rate = form.getByLabel('Hourly rate ($)', { exact: true });
  const original = await rate.inputValue();
  await expect(
    page.getByRole('region', { name: 'History' }).getByText('Version 1', { exact: true }),
  ).toBeVisible();

  // On a phone: the form and its history fit, with no serious accessibility problem.
  await page.setViewportSize({ width: 375, height: 900 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const changed = original === '47.00' ? '48.00' : '47.00';
  const shown = `$${changed.replace('.00', '')}`;

  try {
    // A typo is caught beside its field, and nothing is saved.
    await rate.fill('forty');
    await form.getByRole('button', { name: 'Save Prices' }).click();
    await expect(form.getByText('Hourly rate: enter dollars, like 45.00')).toBeVisible();
    await expect(rate).toBeFocused();

    await rate.fill(changed);
    await form.getByLabel('Note (optional)').fill('Browser test');
    await form.getByRole('button', { name: 'Save Prices' }).click();
    await expect(toast(page, 'Prices Saved')).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem').first()).toContainText('Browser test');
    await expect(history).toContainText(
      `Hourly rate: $${Number(original).toFixed(2)} → $${changed}`,
    );

    // The public pages read the new rate with no rebuild: the home page's plans and the wizard.
    await page.goto('/');
    const payAsYouGo = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Pay as you go' }) });
    await expect(payAsYouGo).toContainText(`${shown}/hour`);
    await expect(page.getByText('A 3-hour cleaning costs')).toContainText(
      `$${3 * Number(changed)} pay-as-you-go`,
    );
    await page.goto('/book');
    await expect(page.getByRole('region', { name: 'Estimate' })).toContainText(`$${changed}/hour`);
  } finally {
    await setFigure(page.request, 'hourlyRate', original);
  }
  await page.goto('/book');
  await expect(page.getByRole('region', { name: 'Estimate' })).toContainText(`$${original}/hour`);
});

test("the owner lowers the maximum wait pay; the provider's clock-out says so before sending", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAsOwner(page);
  const original = (await livePricing(page.request)).values.maxWaitPay as string;
  const phone = await browser.newContext({
    viewport: { width: 375, height: 800 },
    permissions: ['geolocation'],
    geolocation: { latitude: 44.97, longitude: -93.26 },
  });
  try {
    await setFigure(page.request, 'maxWaitPay', '40.00');
    const provider = await phone.newPage();
    const job = await acceptNewJob(provider, await newProvider());
    await provider.goto(`/provider/jobs/${job.id}`);
    await standAtJob(phone, job);
    await provider.getByRole('button', { name: 'Clock In' }).click();
    await expect(toast(provider, 'Clocked In')).toBeVisible();

    const waitPay = provider.getByLabel('Wait pay ($)');
    await expect(provider.getByText('Time you waited for the client, up to $40.')).toBeVisible();
    await waitPay.fill('45');
    await provider.getByRole('button', { name: 'Clock Out' }).click();
    await expect(provider.getByText('Wait pay is at most $40')).toBeVisible();
    await expect(waitPay).toHaveAttribute('aria-invalid', 'true');
    await waitPay.fill('40');
    await provider.getByRole('button', { name: 'Clock Out' }).click();
    await expect(toast(provider, 'Clocked Out')).toBeVisible();
  } finally {
    await phone.close();
    await setFigure(page.request, 'maxWaitPay', original);
  }
});

test('staff are told the pricing page is for owners, and the API refuses them', async ({
  page,
}) => {
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/pricing');
  await expect(page.getByText('Pricing Config is for owners only.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Pricing config' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/pricing')).status()).toBe(403);
});
