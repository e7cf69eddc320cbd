import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ownAddress } from './client';
import { signIn, toast } from './helpers';

// Issue 34: the owner makes a discount code, a visitor books carpet cleaning with it (checked as
// it is applied, priced again by the server), and the owner sees its use.

async function expectAccessible(page: Page) {
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
}

/** The day after the date field's first day, at 10:00 AM. */
async function pickTomorrow(form: Locator) {
  const date = form.getByLabel('Preferred date');
  const next = new Date(`${await date.getAttribute('min')}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  await date.fill(next.toISOString().slice(0, 10));
  await form.locator('label', { hasText: /^10:00 AM$/ }).click();
}

test('the owner makes a code, a visitor books carpet cleaning with it, the owner sees it used', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `RUG${randomUUID().slice(0, 6).toUpperCase()}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: 'Discount Codes' })
    .click();
  await expect(page.getByRole('heading', { name: 'Discount codes', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('form', { name: 'New discount code' });
  // Refused under its fields, nothing made.
  await dialog.getByLabel('Code').fill('no spaces!');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog.getByText('Use 3 to 20 letters, digits or dashes')).toBeVisible();
  await expect(dialog.getByText('Percent off is required')).toBeVisible();
  await dialog.getByLabel('Code').fill(name.toLowerCase());
  await dialog.getByLabel('Kind').selectOption('fixed');
  await dialog.getByLabel('Amount off ($)').fill('20.00');
  await dialog.getByLabel('Carpet Cleaning').check();
  await dialog.getByLabel('Total uses').fill('5');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(toast(page, 'Discount code created')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$20 off');
  await expect(row).toContainText('Carpet Cleaning');
  await expect(row).toContainText('0 of 5 used');

  // A visitor, on a phone.
  // An address of its own: bookings are rate limited per address, shared by the browser tests.
  const visitor = await browser.newContext({
    viewport: { width: 375, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() },
  });
  const guest = await visitor.newPage();
  try {
    await guest.goto(new URL('/book/carpet', page.url()).toString());
    const form = guest.getByRole('form', { name: 'Carpet cleaning booking' });
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Byron');
    await form.getByLabel('Email').fill(`ada-${randomUUID()}@example.com`);
    await form.getByLabel('Phone').fill('612-555-0142');
    await form.getByLabel('Street address').fill('3348 Hennepin Ave');
    await form.getByLabel('City').fill('Minneapolis');
    await form.getByLabel('ZIP code').fill('55408');
    await form.getByRole('button', { name: 'More: Bedrooms' }).click();
    await form.getByRole('button', { name: 'More: Bedrooms' }).click();
    await pickTomorrow(form);
    const code = guest.getByLabel('Discount code (optional)');
    // A code that does not exist is said so, and nothing is applied.
    await code.fill('NOT-A-CODE');
    await guest.getByRole('button', { name: 'Apply' }).click();
    await expect(guest.getByText("That code isn't valid")).toBeVisible();
    await code.fill(name.toLowerCase());
    await guest.getByRole('button', { name: 'Apply' }).click();
    await expect(guest.getByText(`${name}: $20 off`)).toBeVisible();
    // 2 bedrooms × $75 = $150 estimate; $20 off it, and the deposit of what is left.
    const estimate = guest.getByRole('region', { name: 'Estimate' });
    await expect(estimate).toContainText(`Code ${name}`);
    await expect(estimate).toContainText('−$20.00');
    await expect(estimate).toContainText('$130.00');
    await expectAccessible(guest);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await form.getByRole('button', { name: 'Book Carpet Cleaning' }).click();
    await expect(
      guest.getByRole('main').getByRole('heading', { level: 1, name: 'Booking Submitted!' }),
    ).toBeVisible();
    // The server's price, net of the code: $130.00, and its 40 % deposit.
    await expect(guest.getByText(/\$130\.00 for 2 bedrooms/)).toBeVisible();
    await expect(guest.getByText(/deposit \(\$52\.00\)/)).toBeVisible();
  } finally {
    await visitor.close();
  }

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('1 of 5 used');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('$20.00');
});
