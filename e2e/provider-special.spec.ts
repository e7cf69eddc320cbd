import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { signIn, toast } from './helpers';
import {
  BASE_URL,
  clockInOnline,
  controlledByWorker,
  localOutbox,
  newProvider,
  openCarpetJob,
  openPhone,
  serverEvents,
  standAtJob,
  syncBadge,
} from './phone';

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

/** A fresh provider's fresh carpet job ($325.00 estimate), accepted; returns it as the server has it. */
async function acceptCarpetJob(page: Page) {
  const jobId = await openCarpetJob();
  await signIn(page, await newProvider());
  await expect(page).toHaveURL(/\/provider$/);
  const accepted = await page.request.post(`/api/provider/job-board/${jobId}/accept`, {
    headers: { Origin: BASE_URL },
  });
  expect(accepted.status()).toBe(200);
  return providerJobSchema.parse(
    await (await page.request.get(`/api/provider/jobs/${jobId}`)).json(),
  );
}

const serverJob = async (page: Page, id: string) =>
  providerJobSchema.parse(await (await page.request.get(`/api/provider/jobs/${id}`)).json());

const timeTracking = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Time Tracking' }) });

// DECISIONS.md "Final price consent", offline: the price goes in the clock-out's outbox entry,
// and what the server made of it is said once the outbox drains.
for (const { price, shown, outcome } of [
  {
    price: '298.50',
    shown: 'Final price $298.50 confirmed.',
    outcome: { priceIsFinal: true, clientAmount: '298.50', priceAwaitingApproval: null },
  },
  {
    price: '900',
    shown: 'Final price $900.00 sent to the client for approval.',
    outcome: { priceIsFinal: false, clientAmount: '325.00', priceAwaitingApproval: '900.00' },
  },
]) {
  test(`a carpet job clocked out offline with a final price of ${price}: queued with the punch, answered once back online`, async () => {
    test.setTimeout(90_000);
    const { context, page, close } = await openPhone();
    try {
      const job = await acceptCarpetJob(page);
      await standAtJob(context, job);
      await page.goto(`/provider/jobs/${job.id}`);
      await controlledByWorker(page);
      await clockInOnline(page, job.id);
      const panel = timeTracking(page);
      const field = panel.getByLabel('Final price ($)');
      // Empty: a price is confirmed by typing it, never by a tap meant for the clock.
      await expect(field).toHaveValue('');
      await expect(panel).toContainText(
        "From $243.75 to $406.25 it takes effect at once; further from the $325.00 estimate it waits for the client's approval.",
      );

      await context.setOffline(true);
      // The contract's own rule, on the phone: nothing is queued that the server would refuse.
      await field.fill('180,00');
      await panel.getByRole('button', { name: 'Clock Out' }).click();
      await expect(panel.getByText('Enter the price in dollars, like 180.00')).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      expect((await localOutbox(page)).map((e) => e.kind)).toEqual(['clock_in']);

      await field.fill(price);
      await panel.getByRole('button', { name: 'Clock Out' }).click();
      await expect(toast(page, 'Clocked Out')).toBeVisible();
      await expect(
        panel.getByText('Clock-out saved on this phone; it syncs when you are online.'),
      ).toBeVisible();
      await expect(
        panel.getByText(/^Final price \$[\d.,]+ goes with the clock-out\.$/),
      ).toBeVisible();
      // The job is done on this phone: the job page's own price form (online only) is gone.
      await expect(page.getByRole('form', { name: 'Confirm final price' })).toBeHidden();
      await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 1 waiting');
      expect((await localOutbox(page)).find((e) => e.kind === 'clock_out')).toMatchObject({
        status: 'pending',
        finalPrice: price,
        offline: true,
      });

      await context.setOffline(false);
      await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', {
        timeout: 30_000,
      });
      await expect(panel.getByText(shown)).toBeVisible();
      const events = await serverEvents(job.id);
      expect(events.map((e) => [e.type, e.responseStatus, e.offline])).toEqual([
        ['clock_in', 200, false],
        ['clock_out', 200, true],
      ]);
      expect(await serverJob(page, job.id)).toMatchObject({ status: 'completed', ...outcome });
      expect((await localOutbox(page)).find((e) => e.kind === 'clock_out')).toMatchObject({
        status: 'sent',
        finalPriceOutcome: { amount: outcome.priceAwaitingApproval ?? price },
      });
      const facts = page.getByRole('region', { name: 'Job' });
      if (outcome.priceIsFinal) {
        await expect(facts).toContainText('Final price: $298.50 (estimate $325.00)');
        await expect(page.getByText(/Waiting for the client to approve/)).toBeHidden();
      } else {
        await expect(panel).toContainText('so it waits for the client’s approval');
        await expect(page.getByText('Waiting for the client to approve $900.00.')).toBeVisible();
        await expect(facts).toContainText('Estimate: $325.00');
      }
      // Still said after a reload: the outcome lives with the entry, not in a toast.
      await page.reload();
      await expect(timeTracking(page).getByText(shown)).toBeVisible();
      await expectAccessible(page);
    } finally {
      await close();
    }
  });
}

test('a final price far from the estimate, confirmed on the job page, waits for the client', async ({
  page,
  context,
}) => {
  const job = await acceptCarpetJob(page);
  await page.goto(`/provider/jobs/${job.id}`);
  const form = page.getByRole('form', { name: 'Confirm final price' });
  await expect(form).toContainText(
    "From $243.75 to $406.25 it takes effect at once; further from the $325.00 estimate it waits for the client's approval.",
  );
  await form.getByLabel('Final price ($)').fill('1900.00');
  await form.getByRole('button', { name: 'Confirm Final Price' }).click();
  await expect(toast(page, 'New Price Sent for Approval')).toBeVisible();
  await expect(
    toast(
      page,
      'The client is asked to approve $1,900.00; until then the price stays at the $325.00 estimate. Your pay is $195.00.',
    ),
  ).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByText('Waiting for the client to approve $1,900.00.')).toBeVisible();
  await expect(page.getByText('Final Price Confirmed')).toBeHidden();
  expect(await serverJob(page, job.id)).toMatchObject({
    priceIsFinal: false,
    priceAwaitingApproval: '1900.00',
  });
  await expectAccessible(page);

  // The price waits for the client already: the clock-out does not ask for it again.
  await standAtJob(context, job);
  await page.getByRole('button', { name: 'Clock In' }).click();
  await expect(timeTracking(page).getByRole('button', { name: 'Clock Out' })).toBeVisible();
  await expect(page.getByLabel('Final price ($)')).toHaveCount(0);
});
