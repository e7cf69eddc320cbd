import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { signIn, toast } from './helpers';
import { BASE_URL, newProvider, openCarpetJob, standAtJob } from './phone';

test.use({
  viewport: { width: 375, height: 800 },
  permissions: ['geolocation'],
  geolocation: { latitude: 44.97, longitude: -93.26 },
});

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test('a carpet job: on the board with its pay, accepted, its final price confirmed, clocked in and out, paid its share', async ({
  page,
  context,
}) => {
  // A whole job's life with two accessibility scans: near the 30 s default on a 2-core machine.
  test.setTimeout(90_000);
  // $325.00 booked as an estimate; the provider's share is 60 %.
  const jobId = await openCarpetJob();
  await signIn(page, await newProvider());
  await expect(page).toHaveURL(/\/provider$/);

  await page
    .getByRole('navigation', { name: 'Provider' })
    .getByRole('link', { name: 'Job Board' })
    .click();
  // Soonest first: the job starting within the hour is the first carpet card.
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Carpet Cleaning' }) })
    .first();
  await expect(card).toContainText('$195.00');
  await expect(card).toContainText(/\d{1,2}:\d{2} [AP]M \(2\.2 hours\)/);
  await expect(card).toContainText('3 bedrooms · 1 living room · 1 staircase');
  await expect(card).toContainText('pay from the estimate until the price is confirmed');
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Accept Job' }).click();
  await expect(toast(page, 'Job Accepted!')).toBeVisible();

  await page.goto(`/provider/jobs/${jobId}`);
  await expect(page.getByRole('heading', { name: 'Carpet Cleaning', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Confirm final price' });
  await expect(form).toContainText('The client booked at an estimate of $325.00.');
  await expect(form.getByLabel('Final price ($)')).toHaveValue('325.00');
  await expectAccessible(page);

  // It needs the server's word: offline it says so and waits.
  await context.setOffline(true);
  await expect(
    form.getByText("You're offline. Confirming the final price needs a connection."),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Confirm Final Price' })).toBeDisabled();
  await context.setOffline(false);

  // The contract's own rule, checked on the phone before sending.
  await form.getByLabel('Final price ($)').fill('0');
  await form.getByRole('button', { name: 'Confirm Final Price' }).click();
  await expect(
    form.getByText('The final price must be more than $0.00 and at most $10,000.00'),
  ).toBeVisible();
  await expect(form.getByLabel('Final price ($)')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Final price ($)').fill('298.50');
  await form.getByRole('button', { name: 'Confirm Final Price' }).click();
  await expect(toast(page, 'Final Price Confirmed')).toBeVisible();
  await expect(toast(page, "The client's price is $298.50; your pay is $179.10.")).toBeVisible();
  await expect(form).toBeHidden();
  const facts = page.getByRole('region', { name: 'Job' });
  await expect(facts).toContainText('Final price: $298.50 (estimate $325.00)');
  await expect(facts).toContainText('$179.10');

  // Confirming again from another tab of the same phone is refused: the price is final.
  const again = await page.request.post(`/api/provider/jobs/${jobId}/final-price`, {
    headers: { Origin: BASE_URL },
    data: { totalAmount: '350.00' },
  });
  expect(again.status()).toBe(409);

  const job = providerJobSchema.parse(
    await (await page.request.get(`/api/provider/jobs/${jobId}`)).json(),
  );
  await standAtJob(context, job);
  await page.getByRole('button', { name: 'Clock In' }).click();
  await expect(toast(page, 'Clocked In')).toBeVisible();
  await expect(page.getByText('Location verified at the job.')).toBeVisible();
  await page.getByRole('button', { name: 'Clock Out' }).click();
  await expect(toast(page, 'Clocked Out')).toBeVisible();
  await expect(page.getByText('Completed')).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get(`/api/provider/jobs/${jobId}`)).json()).status)
    .toBe('completed');

  // Paid its share of the confirmed price, not the hours it took.
  await page
    .getByRole('navigation', { name: 'Provider' })
    .getByRole('link', { name: 'Payouts' })
    .click();
  const payout = page.getByRole('listitem').filter({ hasText: 'Your share' }).first();
  await expect(payout).toContainText('60% of $298.50');
  await expect(payout).toContainText('$179.10');
  await expect(payout).not.toContainText('Hourly rate');
});
