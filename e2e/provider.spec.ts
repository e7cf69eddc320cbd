import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { addDays, chicagoDate, formatMonthDay } from '@twinclean/shared/schedule';
import { DEMO_PASSWORD, signIn, toast } from './helpers';
import {
  acceptAnotherJob,
  acceptNewJob,
  BASE_URL,
  newProvider,
  openHouseJobOn,
  PNG,
  standAtJob,
} from './phone';

test.use({
  viewport: { width: 375, height: 800 },
  permissions: ['geolocation'],
  // Somewhere in Minneapolis until the test moves the phone to the job.
  geolocation: { latitude: 44.97, longitude: -93.26 },
});

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test('a provider sets availability, accepts a job, clocks in and out with photos, and is paid', async ({
  page,
  context,
}) => {
  // A whole job's life with accessibility scans: near the 30 s default on a 2-core machine.
  test.setTimeout(90_000);
  await signIn(page, 'provider2@example.com');
  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Amina' })).toBeVisible();
  // The average of the stars her clients gave (the demo data's three rated visits).
  await expect(page.getByText('Rating').locator('..')).toContainText('4.3');
  await expectAccessible(page);

  // Availability: the new-slot defaults, a refused range, an edit and a delete.
  await page.getByRole('link', { name: 'Set my availability' }).click();
  await expect(page.getByRole('heading', { name: 'My Availability' })).toBeVisible();
  const monday = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Monday' }) });
  await expect(monday).toContainText('Not available');
  await expect(monday).toContainText('No availability set');
  await page.getByRole('button', { name: 'Add Time Slot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Availability Slot' });
  await expect(dialog.getByLabel('Day')).toHaveValue('1');
  await expect(dialog.getByLabel('Start time')).toHaveValue('09:00');
  await expect(dialog.getByLabel('End time')).toHaveValue('17:00');
  await expectAccessible(page);
  await dialog.getByLabel('Start time').selectOption('18:00');
  await dialog.getByRole('button', { name: 'Add Slot' }).click();
  // The modal hides the toast region from the accessibility tree; the dialog says it too.
  await expect(dialog.getByRole('alert')).toContainText('Invalid Time Range');
  await expect(dialog.getByRole('alert')).toContainText('End time must be after start time');
  await expect(dialog.getByLabel('End time')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Start time').selectOption('07:00');
  await dialog.getByLabel('End time').selectOption('20:00');
  await dialog.getByRole('button', { name: 'Add Slot' }).click();
  await expect(toast(page, 'Availability slot added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(monday).toContainText('1 time slot');
  await expect(monday).toContainText('7:00 AM - 8:00 PM');

  const tuesday = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Tuesday' }) });
  await tuesday.getByRole('button', { name: 'Edit Tuesday 9:00 AM - 3:00 PM' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Availability Slot' });
  await expect(edit.getByLabel('Start time')).toHaveValue('09:00');
  await edit.getByLabel('Start time').selectOption('07:00');
  await edit.getByLabel('End time').selectOption('20:00');
  await edit.getByRole('button', { name: 'Update Slot' }).click();
  await expect(toast(page, 'Availability slot updated successfully')).toBeVisible();
  await expect(tuesday).toContainText('7:00 AM - 8:00 PM');

  await page.getByRole('button', { name: 'Delete Saturday 9:00 AM - 3:00 PM' }).click();
  const confirm = page.getByRole('alertdialog', {
    name: 'Are you sure you want to delete this availability slot?',
  });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Availability slot deleted successfully')).toBeVisible();
  const saturday = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Saturday' }) });
  await expect(saturday).toContainText('No availability set');

  // The job board: accept the first card; it leaves the board. Whatever else the demo data and
  // other tests leave open, one house job fits the Monday she just set.
  await openHouseJobOn(1, '10:00');
  await page
    .getByRole('navigation', { name: 'Provider' })
    .getByRole('link', { name: 'Job Board' })
    .click();
  await expect(page.getByRole('heading', { name: 'Available Jobs' })).toBeVisible();
  await expect(page.getByText('Browse and accept cleaning jobs in your area')).toBeVisible();
  // The first house job: carpet, laundry and rug cards show a fixed price, not a rate.
  const card = page.getByRole('article').filter({ hasText: '/hour' }).first();
  await expect(card).toContainText(/\$\d+\.\d{2}\/hour/);
  await expect(card).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(card).toContainText(/\d{1,2}:\d{2} [AP]M \(\d+\.\d hours\)/);
  await expectAccessible(page);
  const facts = (await card.locator('ul').textContent()) ?? '';
  const lookAlikes = await page.getByRole('article').filter({ hasText: facts }).count();
  const accepting = page.waitForResponse((res) =>
    /^\/api\/provider\/job-board\/[0-9a-f-]{36}\/accept$/.test(new URL(res.url()).pathname),
  );
  await card.getByRole('button', { name: 'Accept Job' }).click();
  const acceptedId = new URL((await accepting).url()).pathname.split('/')[4];
  await expect(toast(page, 'Job Accepted!')).toBeVisible();
  await expect(toast(page, "You've successfully accepted this cleaning job.")).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: facts })).toHaveCount(lookAlikes - 1);

  // The job is hers now; its page has the client and the clock. (The dashboard lists her three
  // soonest jobs, and other tests give Amina jobs within the hour: it is found among all of hers.)
  const mine = (await (await page.request.get('/api/provider/jobs')).json()) as { id: string }[];
  expect(mine.map((job) => job.id)).toContain(acceptedId);
  await page.goto(`/provider/jobs/${acceptedId}`);
  await expect(page.getByRole('heading', { name: 'Client Information' })).toBeVisible();
  await expect(page.getByText('Clock in to add before photos.')).toBeVisible();
  await expectAccessible(page);

  // The board's job may be days away, and clocking in opens 2 hours before a visit (README
  // "Punch rules"): the day's work is done on a job of hers starting within the hour. Stand at
  // its point (its ZIP centroid, as the server geocoded it) and clock in.
  const job = await acceptAnotherJob(page);
  await page.goto(`/provider/jobs/${job.id}`);
  await standAtJob(context, job);
  await page.getByRole('button', { name: 'Clock In' }).click();
  await expect(toast(page, 'Clocked In')).toBeVisible();
  await expect(page.getByText('Location verified at the job.')).toBeVisible();

  // A photo over 5 MB is refused before sending; a real one uploads.
  const beforeInput = page.getByLabel('Add before photos');
  await beforeInput.setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(toast(page, 'File Too Large')).toBeVisible();
  await expect(toast(page, 'huge.jpg is larger than 5MB')).toBeVisible();
  await beforeInput.setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Photos Uploaded')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Before photo 1' })).toBeVisible();
  await expect(page.getByText('Clock out to add after photos.')).toBeVisible();

  await page.getByLabel('Wait pay ($)').fill('150');
  await page.getByRole('button', { name: 'Clock Out' }).click();
  await expect(page.getByText('Wait pay is at most $100')).toBeVisible();
  await page.getByLabel('Wait pay ($)').fill('10');
  await page.getByRole('button', { name: 'Clock Out' }).click();
  await expect(toast(page, 'Clocked Out')).toBeVisible();
  await expect(page.getByText('Completed')).toBeVisible();
  await expect(page.getByLabel('Add after photos')).toBeAttached();

  // The payout: pending, with the wait pay.
  await page
    .getByRole('navigation', { name: 'Provider' })
    .getByRole('link', { name: 'Payouts' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Earnings' })).toBeVisible();
  // Newest first.
  const payout = page.getByRole('listitem').filter({ hasText: job.address }).first();
  await expect(payout).toContainText('Pending');
  await expect(payout).toContainText('$10.00');
  await expectAccessible(page);
});

test('a job that is not the provider’s shows Not Found with the way back', async ({ page }) => {
  await signIn(page, 'provider@example.com');
  await expect(page).toHaveURL(/\/provider$/);
  await page.goto('/provider/jobs/00000000-0000-4000-8000-000000000999');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Maria' })).toBeVisible();
  await expect(page).toHaveURL(/\/provider\/?$/);
});

test('a job another provider took first cannot be accepted', async ({ page, browser }) => {
  await signIn(page, 'provider@example.com');
  await expect(page).toHaveURL(/\/provider$/);
  await page.goto('/provider/job-board');
  const card = page.getByRole('article').first();
  const address = (await card.locator('li').first().textContent()) ?? '';
  const facts = (await card.locator('ul').textContent()) ?? '';
  const jobs = await (await page.request.get('/api/provider/job-board')).json();
  // The first card is the first job of the board's answer.
  const target = (jobs as { id: string; address: string }[])[0];
  expect(target?.address).toBe(address);
  if (!target) throw new Error('The board is empty');

  // Amina takes it in another browser while Maria's board still shows it.
  const other = await browser.newContext();
  const amina = await other.newPage();
  await signIn(amina, 'provider2@example.com');
  await expect(amina).toHaveURL(/\/provider$/);
  const taken = await amina.request.post(`/api/provider/job-board/${target.id}/accept`, {
    headers: { Origin: new URL(amina.url()).origin },
  });
  expect(taken.status()).toBe(200);
  await other.close();

  // Other tests may have booked the same address and slot: count the look-alikes.
  const lookAlikes = await page.getByRole('article').filter({ hasText: facts }).count();
  await card.getByRole('button', { name: 'Accept Job' }).click();
  await expect(toast(page, 'Failed to Accept Job')).toBeVisible();
  await expect(toast(page, 'This job may no longer be available.')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: facts })).toHaveCount(lookAlikes - 1);
});

test('a clock-in days before the visit is refused, and the job page keeps the server’s words', async ({
  page,
}) => {
  await signIn(page, await newProvider());
  await expect(page).toHaveURL(/\/provider$/);
  const date = addDays(chicagoDate(new Date()), 3);
  const jobId = await openHouseJobOn(new Date(`${date}T12:00:00Z`).getUTCDay(), '10:00');
  const accepted = await page.request.post(`/api/provider/job-board/${jobId}/accept`, {
    headers: { Origin: BASE_URL },
  });
  expect(accepted.status()).toBe(200);
  await page.goto(`/provider/jobs/${jobId}`);
  // The phone's hint never stops the tap: its clock may be wrong, and the server decides.
  await expect(
    page.getByText(`You can clock in from 8:00 AM on ${formatMonthDay(date)}.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clock In' }).click();
  const refusal = `This job starts ${formatMonthDay(date)} at 10:00 AM; you can clock in from 8:00 AM that day.`;
  await expect(toast(page, 'Clock In Failed')).toBeVisible();
  await expect(page.getByText(`Clock-in not applied: ${refusal}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clock In' })).toBeVisible();
  // Kept on the phone, not sent again: still there after a reload.
  await page.reload();
  await expect(page.getByText(`Clock-in not applied: ${refusal}`)).toBeVisible();
  const job = providerJobSchema.parse(
    await (await page.request.get(`/api/provider/jobs/${jobId}`)).json(),
  );
  // Not started, so the client can still cancel or reschedule.
  expect(job.providerClockInTime).toBeNull();
  expect(job.status).not.toMatch(/^(in_progress|completed)$/);
});

test.describe('without location access', () => {
  test.use({ permissions: [] });

  test('clock-in still works, recorded as not verified, and says why', async ({ page }) => {
    // A provider and a job of this test's own: a demo provider's next job may be another
    // test's, running at the same time.
    const job = await acceptNewJob(page, await newProvider());
    await page.goto(`/provider/jobs/${job.id}`);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect(toast(page, 'Clocked In')).toBeVisible();
    await expect(
      page.getByText(/^Location access denied: .+ Recorded as not verified/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clock Out' })).toBeVisible();
  });
});

test('the dashboard lists three upcoming jobs and the rest on request', async ({ page }) => {
  // Signed in through the API: a dashboard the app had already shown would answer from its saved
  // (30 s fresh) jobs, which do not have these four yet.
  const login = await page.request.post('/api/auth/login', {
    headers: { Origin: BASE_URL },
    data: { email: await newProvider(), password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  for (let i = 0; i < 4; i++) await acceptAnotherJob(page);
  await page.goto('/provider');
  const upcoming = page.getByRole('region', { name: 'Upcoming Jobs' });
  await expect(upcoming.getByRole('link')).toHaveCount(3);
  const more = upcoming.getByRole('button', { name: 'Show all 4 upcoming jobs' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(upcoming.getByRole('link')).toHaveCount(4);
  const fewer = upcoming.getByRole('button', { name: 'Show fewer' });
  await expect(fewer).toHaveAttribute('aria-expanded', 'true');
  await fewer.click();
  await expect(upcoming.getByRole('link')).toHaveCount(3);
});
