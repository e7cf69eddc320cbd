import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createKnex } from '../api/src/db/connection';
import { PORT } from '../playwright.config';
import { appPlace } from './chaos/app-place';
import { toast } from './helpers';

// Issue 34, the service area on the booking forms: a ZIP we do not serve is said so as it is
// typed, holds the booking back, and offers the waitlist; a served ZIP goes on as before.

const JOINED = "You're on the waitlist";

async function expectAccessible(page: Page) {
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
}

/** Nothing wider than the 375 px phone: no sideways scrolling. */
async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

/** The day after the date field's first day, at 10:00 AM. */
async function pickTomorrow(scope: Locator, dateLabel: string) {
  const date = scope.getByLabel(dateLabel);
  const next = new Date(`${await date.getAttribute('min')}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  await date.fill(next.toISOString().slice(0, 10));
  await scope.locator('label', { hasText: /^10:00 AM$/ }).click();
}

async function fillContact(scope: Locator, email: string) {
  await scope.getByLabel('First name').fill('Dana');
  await scope.getByLabel('Last name').fill('North');
  await scope.getByLabel('Email', { exact: true }).fill(email);
  await scope.getByLabel('Phone').fill('2185550142');
}

const unique = (name: string) =>
  `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test('an out-of-area visitor joins the waitlist, then books a served ZIP', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const email = unique('duluth');
  const knex = createKnex(appPlace(PORT).databaseUrl);
  try {
    await page.goto('/book');
    const main = page.getByRole('main');
    await fillContact(main, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Property & Services' })).toBeVisible();
    await page.getByLabel('Street address').fill('1 Superior St');
    await page.getByLabel('City').fill('Duluth');
    const zip = main.getByRole('textbox', { name: 'ZIP code', exact: true });
    await zip.fill('55802');

    // Said under the field as it is typed, and read with it.
    await expect(zip).toHaveAccessibleDescription("We don't serve 55802 yet");
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(
      main.getByRole('alert').filter({ hasText: "We don't serve 55802 yet" }),
    ).toBeVisible();

    // It does not go on, and nothing typed is lost.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(zip).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Property & Services' })).toBeVisible();
    await expect(page.getByLabel('Street address')).toHaveValue('1 Superior St');

    const offer = main.getByRole('group', { name: 'Join the waitlist' });
    await expect(offer.getByLabel('Email for the waitlist')).toHaveValue(email);
    await expect(offer.getByLabel('ZIP code for the waitlist')).toHaveValue('55802');
    await expect(offer.getByLabel('Service')).toHaveValue('house');
    await expect(offer.getByLabel('Service').locator('option:checked')).toHaveText(
      'House Cleaning',
    );
    await expectAccessible(page);
    await expectFitsPhone(page);

    await offer.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(main.getByRole('status').filter({ hasText: JOINED })).toBeVisible();
    await expect(toast(page, JOINED)).toBeVisible();
    await expectAccessible(page);

    // Stored once, for the ZIP and the service asked for.
    const entries = await knex('waitlistEntries').where({ email });
    expect(entries.map((e) => [e.zip, e.serviceType, e.notifiedAt])).toEqual([
      ['55802', 'house', null],
    ]);

    // A served ZIP: the message and the offer go, and the wizard goes on.
    await zip.fill('55408');
    await expect(main.getByText("We don't serve 55802 yet")).toHaveCount(0);
    await expect(offer).toHaveCount(0);
    await expect(zip).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Schedule', exact: true })).toBeVisible();
    await expect(await knex('waitlistEntries').where({ email })).toHaveLength(1);
  } finally {
    await knex.destroy();
  }
});

test('laundry: a drop-off ZIP we do not serve is said under it; Enter joins the waitlist', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const email = unique('laundry');
  await page.goto('/book/laundry');
  const form = page.getByRole('form', { name: 'Laundry booking' });
  await fillContact(form, email);
  await form.getByLabel('Pickup street address').fill('55 Grand Ave');
  await form.getByLabel('Pickup city').fill('St Paul');
  await form.getByLabel('Pickup ZIP code').fill('55102');
  await pickTomorrow(form, 'Pickup date');
  await form.getByRole('switch', { name: 'Same as pickup address' }).click();
  await form.getByLabel('Dropoff city').fill('Duluth');
  const dropoffZip = form.getByLabel('Dropoff ZIP code');
  await dropoffZip.fill('55803');
  await expect(dropoffZip).toHaveAccessibleDescription("We don't serve 55803 yet");
  await expect(form.getByLabel('Pickup ZIP code')).not.toHaveAttribute('aria-invalid');

  // The booking is held back, with everything typed still there.
  await form.getByRole('button', { name: 'Book Laundry Pickup' }).click();
  await expect(dropoffZip).toBeFocused();
  await expect(toast(page, 'Booking Submitted!')).toHaveCount(0);
  await expect(form.getByLabel('Pickup street address')).toHaveValue('55 Grand Ave');

  const offer = form.getByRole('group', { name: 'Join the waitlist' });
  await expect(offer).toHaveCount(1);
  await expect(offer.getByLabel('ZIP code for the waitlist')).toHaveValue('55803');
  await expect(offer.getByLabel('Service')).toHaveValue('laundry');
  await expectAccessible(page);
  await expectFitsPhone(page);

  // By keyboard: Enter in the signup joins the waitlist, it does not submit the booking.
  await offer.getByLabel('Email for the waitlist').fill('');
  await offer.getByLabel('Email for the waitlist').press('Enter');
  await expect(offer.getByLabel('Email for the waitlist')).toHaveAccessibleDescription(
    /valid email/i,
  );
  await offer.getByLabel('Email for the waitlist').fill(email);
  await offer.getByLabel('Service').selectOption('dry_cleaning');
  await offer.getByLabel('Email for the waitlist').press('Enter');
  await expect(form.getByRole('status').filter({ hasText: JOINED })).toBeVisible();
  await expect(toast(page, 'Booking Submitted!')).toHaveCount(0);

  // Brought back to a served ZIP, the same booking goes through.
  await dropoffZip.fill('55105');
  await expect(dropoffZip).not.toHaveAttribute('aria-invalid');
  await form.getByRole('button', { name: 'Book Laundry Pickup' }).click();
  await expect(toast(page, 'Booking Submitted!')).toBeVisible();
});

test("carpet: a failed check does not block; the server's refusal is said under the ZIP", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The check cannot be made (offline, a proxy): the form lets the booking go to the server.
  await page.route('**/api/service-area/**', (route) => route.abort());
  await page.goto('/book/carpet');
  const form = page.getByRole('form', { name: 'Carpet cleaning booking' });
  await fillContact(form, unique('carpet'));
  await form.getByLabel('Street address').fill('1 Superior St');
  await form.getByLabel('City').fill('Duluth');
  const zip = form.getByRole('textbox', { name: 'ZIP code', exact: true });
  await zip.fill('55802');
  await pickTomorrow(form, 'Preferred date');
  await form.getByRole('button', { name: 'More: Bedrooms' }).click();
  await form.getByRole('button', { name: 'Book Carpet Cleaning' }).click();

  await expect(toast(page, 'Booking Failed')).toBeVisible();
  await expect(zip).toHaveAccessibleDescription("We don't serve 55802 yet");
  await expect(zip).toHaveValue('55802');
  await expect(form.getByLabel('Street address')).toHaveValue('1 Superior St');
  const offer = form.getByRole('group', { name: 'Join the waitlist' });
  await expect(offer.getByLabel('Service')).toHaveValue('carpet');
  await expectAccessible(page);
});

test("the wizard: the server's refusal on Confirm goes back to step 2, with the waitlist", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The check cannot be made as the ZIP is typed, so only the server's answer can stop it.
  await page.route('**/api/service-area/**', (route) => route.abort());
  await page.goto('/book');
  const main = page.getByRole('main');
  await fillContact(main, unique('wizard'));
  const next = page.getByRole('button', { name: 'Continue' });
  await next.click();
  await page.getByLabel('Street address').fill('1 Superior St');
  await page.getByLabel('City').fill('Duluth');
  const zip = main.getByRole('textbox', { name: 'ZIP code', exact: true });
  await zip.fill('55802');
  await next.click();
  await pickTomorrow(main, 'Preferred date');
  await next.click();
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(toast(page, 'Error creating booking')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Property & Services' })).toBeVisible();
  await expect(zip).toHaveAccessibleDescription("We don't serve 55802 yet");
  await expect(page.getByLabel('Street address')).toHaveValue('1 Superior St');
  await expect(main.getByRole('group', { name: 'Join the waitlist' })).toBeVisible();
  // The server's word stands: Continue no longer lets it through.
  await next.click();
  await expect(zip).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Property & Services' })).toBeVisible();
});
