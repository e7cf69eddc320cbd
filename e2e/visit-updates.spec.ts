import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PHONE_INVALID_MESSAGE } from '@twinclean/shared/phone';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { VISIT_UPDATE_TEMPLATES } from '@twinclean/shared/visit-updates';
import { PORT } from '../playwright.config';
import { fillCard } from './client';
import { signIn, toast } from './helpers';
import { BASE_URL, newProvider, openPhone, PNG, standAtJob } from './phone';
import { newClient, signInAsSubscriber } from './subscriber';
import { bookVisit, changeDatabase, ownNumber, textsTo } from './visit-updates-data';

// Issue 32 end to end: the cleaner taps On My Way in the provider app, the client is texted
// (by the number they chose in /client/settings) and e-mailed, the visit is done with a task
// ticked and photos, the client opens the report from the e-mail without signing in and tips
// 20 %, and the tip shows on the cleaner's payouts.

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

async function expectAccessible(page: Page) {
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
}

const switchOf = (page: Page, name: string) => page.getByRole('switch', { name });

test('visit update settings: the number is checked, texts need one, and it is kept', async ({
  page,
}) => {
  // A sign-up, two saves and an accessibility scan: past the 30 s default on a busy machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsSubscriber(page, await newClient(BASE_URL));
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: /Settings/ })
    .click();
  await expect(page).toHaveURL(/\/client\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Visit updates' });
  const number = form.getByLabel('Mobile number');

  // Not a number: said under the field, and nothing is sent.
  await number.fill('555-01');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText(PHONE_INVALID_MESSAGE);
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  // Texts without a number.
  await number.fill('');
  if ((await switchOf(page, 'Text messages').getAttribute('aria-checked')) !== 'true') {
    await switchOf(page, 'Text messages').click();
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Add a mobile number to get text messages');
  await expectAccessible(page);
  // The page fits a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The API refuses a bad number the same way (a form the browser's check was skipped for).
  const refused = await page.request.put('/api/client/visit-updates', {
    headers: { Origin: BASE_URL },
    data: { phone: '555-01', byEmail: true, byText: true },
  });
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain(PHONE_INVALID_MESSAGE);

  const mine = ownNumber();
  await number.fill(mine.typed);
  await switchOf(page, 'E-mail').click();
  const emailOn = await switchOf(page, 'E-mail').getAttribute('aria-checked');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Visit updates' }).getByLabel('Mobile number'),
  ).toHaveValue(mine.shown);
  await expect(switchOf(page, 'Text messages')).toHaveAttribute('aria-checked', 'true');
  await expect(switchOf(page, 'E-mail')).toHaveAttribute('aria-checked', emailOn ?? '');
  const saved = await (await page.request.get('/api/client/visit-updates')).json();
  expect(saved).toMatchObject({ phone: mine.e164, byText: true, textsStopped: false });
});

test('from "On My Way" to a tip: texted, reported by the e-mailed link, tipped 20 %, paid out', async ({
  browser,
}) => {
  // Two people, a phone and a guest, a build of the provider app's data and a card payment.
  test.setTimeout(240_000);
  const email = await newClient(BASE_URL);
  const client = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 375, height: 800 },
  });
  const page = await client.newPage();
  await signInAsSubscriber(page, email);
  const mine = ownNumber();
  await page.goto('/client/settings');
  const form = page.getByRole('form', { name: 'Visit updates' });
  await form.getByLabel('Mobile number').fill(mine.typed);
  if ((await switchOf(page, 'Text messages').getAttribute('aria-checked')) !== 'true') {
    await switchOf(page, 'Text messages').click();
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  const bookingId = await bookVisit(page, email);

  // The cleaner takes the visit, whose day has come (On My Way opens 12 hours before it).
  const phone = await openPhone({ serviceWorkers: 'block' });
  try {
    const cleaner = phone.page;
    await signIn(cleaner, await newProvider());
    await expect(cleaner).toHaveURL(/\/provider$/);
    const accepted = await cleaner.request.post(`/api/provider/job-board/${bookingId}/accept`, {
      headers: { Origin: BASE_URL },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    expect(
      (await fetch(`${BACKSTAGE}/start-soon?booking=${bookingId}`, { method: 'POST' })).status,
    ).toBe(204);
    const serverJob = async () =>
      providerJobSchema.parse(
        await (await cleaner.request.get(`/api/provider/jobs/${bookingId}`)).json(),
      );
    await standAtJob(phone.context, await serverJob());

    await cleaner.goto(`/provider/jobs/${bookingId}`);
    await cleaner.getByRole('button', { name: 'On My Way' }).click();
    await expect(cleaner.getByText(/^The client was told you arrive around/)).toBeVisible({
      timeout: 30_000,
    });
    // The client's text is stored once, with the estimate and STOP.
    await expect
      .poll(async () => (await textsTo(mine.e164)).map((t) => t.template))
      .toEqual([VISIT_UPDATE_TEMPLATES.enRoute]);
    const [onTheWay] = await textsTo(mine.e164);
    expect(onTheWay?.body).toMatch(
      /^TwinClean: Jo is on the way, arriving around .+ \(estimate\)\./,
    );
    expect(onTheWay?.body).toContain('Reply STOP to opt out.');

    // Clock in, a task ticked, a before photo; clock out, an after photo.
    await cleaner.getByRole('button', { name: 'Clock In' }).click();
    await expect.poll(async () => (await serverJob()).providerClockInTime).not.toBeNull();
    const task = cleaner.getByRole('checkbox').first();
    const taskName = (
      await task.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? '')
    ).trim();
    expect(taskName).not.toBe('');
    await task.check();
    await expect.poll(async () => (await serverJob()).checklist?.done).toBe(1);
    const photo = (photoType: 'before' | 'after', checklistItemKeys?: string[]) =>
      cleaner.request.post(`/api/provider/bookings/${bookingId}/photos`, {
        headers: { Origin: BASE_URL },
        data: {
          photoType,
          photos: [`data:image/png;base64,${PNG.toString('base64')}`],
          checklistItemKeys,
        },
      });
    expect((await photo('before')).status()).toBe(201);
    // A photo for the ticked task, mid-visit: the server files it as 'before', but it belongs
    // under its task in the report, not in the Before column.
    const tickedKey = (await serverJob()).checklist?.sections
      .flatMap((section) => section.items)
      .find((item) => item.done)?.key;
    expect(tickedKey).toBeDefined();
    expect((await photo('before', [tickedKey ?? ''])).status()).toBe(201);
    await cleaner.getByRole('button', { name: 'Clock Out' }).click();
    await expect.poll(async () => (await serverJob()).providerClockOutTime).not.toBeNull();
    expect((await photo('after')).status()).toBe(201);
    await expect
      .poll(async () => (await textsTo(mine.e164)).map((t) => t.template))
      .toEqual([
        VISIT_UPDATE_TEMPLATES.enRoute,
        VISIT_UPDATE_TEMPLATES.arrived,
        VISIT_UPDATE_TEMPLATES.done,
      ]);

    // The done e-mail's report link, opened by whoever holds it: no sign-in.
    let link = '';
    await expect
      .poll(async () => {
        const res = await fetch(
          `${BACKSTAGE}/latest?to=${encodeURIComponent(email)}&template=${VISIT_UPDATE_TEMPLATES.done}`,
        );
        link = /\/visit-report\/[\w-]+/.exec(await res.text())?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const guest = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 375, height: 800 },
    });
    const reader = await guest.newPage();
    await reader.goto(link);
    await expect(reader.getByRole('heading', { name: 'Your visit report' })).toBeVisible();
    const report = reader.getByRole('region', { name: 'Visit report' });
    await expect(report).toContainText('Jo');
    await expect(report.getByText('Arrived', { exact: true })).toBeVisible();
    await expect(report.getByText('Left', { exact: true })).toBeVisible();
    await expect(report.getByText('Location verified')).toHaveCount(2);
    await expect(report.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    const checklist = reader.getByRole('region', { name: 'Checklist' });
    await expect(checklist).toContainText(/1 of \d+ tasks done/);
    // A task may be in more than one room (two bedrooms): the one ticked is done, once.
    await expect(checklist.getByText(`Done: ${taskName}`, { exact: true })).toHaveCount(1);
    await expect(checklist.getByRole('img', { name: `${taskName}, shot 1` })).toBeVisible();
    const photos = reader.getByRole('region', { name: 'Before and after' });
    for (const name of ['Before 1', 'After 1']) {
      const img = photos.getByRole('img', { name });
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(1);
    }
    await expect(photos.getByRole('img', { name: 'Before 2' })).toHaveCount(0);
    await expectAccessible(reader);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Another amount typed, then "Change amount": the amount typed is still there.
    const tip = reader.getByRole('region', { name: 'Add a tip' });
    await tip.getByRole('radio', { name: 'Other amount' }).check();
    await tip.getByLabel('Tip amount ($)').fill('7.50');
    await tip.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(tip.getByText('Tip: $7.50')).toBeVisible();
    await tip.getByRole('button', { name: 'Change amount' }).click();
    await expect(tip.getByRole('radio', { name: 'Other amount' })).toBeChecked();
    await expect(tip.getByLabel('Tip amount ($)')).toHaveValue('7.50');

    // 20 %, paid with the LocalGateway's test card.
    const twenty = tip.getByRole('radio', { name: /^20%/ });
    await twenty.check();
    const amount = /\$[\d,]+\.\d\d/.exec(
      (await twenty.evaluate((r) => r.closest('label')?.textContent ?? '')) ?? '',
    )?.[0];
    expect(amount).toBeDefined();
    await tip.getByRole('button', { name: 'Continue to Payment' }).click();
    const card = await fillCard(reader, '4242424242424242');
    await card.getByRole('button', { name: `Pay ${amount}` }).click();
    await expect(tip.getByRole('status')).toHaveText('Thank you! Your tip goes to Jo in full.');

    // The client's own booking page shows the same report and the tip.
    await page.goto(`/client/bookings/${bookingId}`);
    await expect(page.getByRole('region', { name: 'Visit report' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tips' })).toContainText(amount ?? '');

    // The cleaner's Payouts: the tip, a line of its own.
    await cleaner.goto('/provider/payouts');
    await expect(cleaner.getByText('Tip from the client')).toBeVisible();
    await expect(cleaner.getByText(`${amount} (all yours)`)).toBeVisible();

    // The admin booking page shows the same report, with the tip and no tip form.
    const office = await browser.newContext({ baseURL: BASE_URL });
    const admin = await office.newPage();
    await signIn(admin, 'owner@example.com');
    await expect(admin).toHaveURL(/\/admin$/);
    await admin.goto(`/admin/bookings/${bookingId}`);
    await expect(admin.getByRole('region', { name: 'Visit report' })).toContainText(
      'Location verified',
    );
    await expect(admin.getByRole('region', { name: 'Tips' })).toContainText(amount ?? '');
    await expect(admin.getByRole('region', { name: 'Add a tip' })).toHaveCount(0);
    await office.close();

    // 30 days after the clock-out the link stops working, and says where to go instead.
    await changeDatabase(
      "UPDATE bookings SET clock_out_at = clock_out_at - interval '31 days' WHERE id = $1",
      [bookingId],
    );
    await reader.reload();
    await expect(reader.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(
      reader.getByText('This visit report link has expired. Sign in to see your visits.'),
    ).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Sign In' })).toBeVisible();
    // A link that is not one of ours.
    await reader.goto('/visit-report/not-a-report');
    await expect(reader.getByRole('heading', { name: 'Visit report not found' })).toBeVisible();
    await guest.close();
  } finally {
    await phone.close();
    await client.close();
  }
});
