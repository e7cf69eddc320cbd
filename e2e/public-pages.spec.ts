import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PRERENDERED } from '../web/prerender';
import { toast } from './helpers';

// Every prerendered public page, the confirmation with a booking id, and the not-found page.
const PAGES = [
  ...PRERENDERED,
  '/booking/confirmation?id=00000000-0000-4000-8000-000000000101',
  '/no-such-page',
];

// Both widths in one visit: the layout is CSS alone (no script reads the width), so resizing
// the loaded page shows what loading it at that width would, for half the page loads. Every page
// must fit both widths; the accessibility rules run at the phone width on every page, and at the
// desktop width on the home page, whose header, navigation and footer every page shares (the
// pages' own content only reflows), so CI's 15 minutes hold the suite.
const DESKTOP_AXE = new Set(['/']);

for (const path of PAGES) {
  test(`${path} has no serious accessibility problems and fits the screen at 375 and 1280 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Let data-driven parts (prices, add-ons, FAQ) render before checking.
    await page.waitForLoadState('networkidle');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 375 || DESKTOP_AXE.has(path)) {
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `at ${width} px`,
        ).toEqual([]);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0);
    }
  });
}

test('every page has its own title', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of PAGES.slice(0, 8)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    titles.add(await page.title());
  }
  expect(titles.size).toBe(8);
});

test('the booking forms and the confirmation are prerendered with titles of their own', async ({
  request,
}) => {
  const paths = [
    '/book',
    '/book/carpet',
    '/book/laundry',
    '/book/dry-cleaning',
    '/booking/confirmation',
  ];
  const titles = new Set<string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
    expect(title, path).toMatch(/TwinClean/);
    titles.add(title);
  }
  expect(titles.size).toBe(paths.length);
});

test('prices on the site come from the pricing config', async ({ page }) => {
  await page.goto('/help');
  await page.getByRole('button', { name: 'How much does house cleaning cost?' }).click();
  await expect(
    page.getByText('$45 an hour pay-as-you-go, or $25 an hour for members'),
  ).toBeVisible();
  // One open question per category: opening another closes the first.
  await page.getByRole('button', { name: 'What do add-ons cost?' }).click();
  await expect(page.getByText('$45 an hour pay-as-you-go')).toBeHidden();
  await expect(
    page.getByText(/Inside oven \$30, .*Green cleaning is \$20 per visit/),
  ).toBeVisible();
});

test('the careers form submits with its toast and clears', async ({ page }) => {
  await page.goto('/careers');
  const form = page.getByRole('form', { name: 'Application' });
  await form.getByLabel('First name').fill('Lucia');
  await form.getByLabel('Last name').fill('Moreno');
  await form.getByLabel('Email').fill(`lucia.${Date.now()}@example.com`);
  await form.getByLabel('Phone').fill('612-555-0177');
  await form.getByLabel('Cleaning experience').fill('Four years on a commercial crew.');
  await form.getByLabel('Availability').fill('Weekdays 8–3');
  await form
    .getByLabel('Why do you want to join TwinClean?')
    .fill('I want to set my own schedule.');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Application Submitted!')).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('');
});

test('the newsletter form subscribes with its toast and clears', async ({ page }) => {
  await page.goto('/articles');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('Email address').fill(`reader.${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toast(page, 'Successfully subscribed!')).toBeVisible();
  await expect(form.getByLabel('Email address')).toHaveValue('');
});

test('/services scrolls to the section named in the URL', async ({ page }) => {
  await page.goto('/services#laundry-service');
  await expect(page.getByRole('heading', { name: 'Laundry pickup and delivery' })).toBeInViewport();
});

test("until the app runs no prerendered page's field takes text, a form sends none of them, and links work", async ({
  page,
}) => {
  // The app's scripts never arrive: each page stays as the build rendered it (LiveFieldset).
  await page.route('**/assets/*.js', (route) => route.abort());
  for (const path of PRERENDERED) {
    await page.goto(path);
    const live = await page
      .locator('input, textarea, select, button[type="submit"]')
      .evaluateAll((controls) =>
        controls
          .filter((control) => !control.matches(':disabled'))
          .map((control) => control.getAttribute('name') ?? control.outerHTML.slice(0, 60)),
      );
    expect(live, path).toEqual([]);
  }
  await page.goto('/login');
  // Sent by other means (a password manager's autofill and submit), the form carries no field:
  // the browser's own submission is a GET whose query is the fields.
  await page.getByLabel('Password').evaluate((input) => {
    (input as HTMLInputElement).value = 'correct horse battery';
  });
  await page.getByRole('form', { name: 'Login' }).evaluate((form) => {
    (form as HTMLFormElement).requestSubmit();
  });
  await page.waitForURL((url) => url.href.endsWith('/login?'));
  await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  // Once the app runs, the page is its own again.
  await page.unroute('**/assets/*.js');
  await page.goto('/login');
  await page.getByLabel('Password').fill('typed once the app runs');
  await expect(page.getByLabel('Password')).toHaveValue('typed once the app runs');
});
