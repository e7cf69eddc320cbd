import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, toast } from './helpers';

// The carpet, laundry and dry cleaning & rug forms (spec 2 §2, §5, §8): the spec's toasts in
// the spec's order, the live estimate, and a booking the real API takes.

/** The spec's toast: its title and its description, together. */
async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page, title)).toBeVisible();
  await expect(toast(page, description)).toBeVisible();
}

async function fillContact(form: Locator) {
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel('Email').fill('grace.special@example.com');
  await form.getByLabel('Phone').fill('612-555-0199');
}

/** The day after the date field's first day, at 10:00 AM. */
async function pickTomorrow(form: Locator, dateLabel: string) {
  const date = form.getByLabel(dateLabel);
  const next = new Date(`${await date.getAttribute('min')}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  await date.fill(next.toISOString().slice(0, 10));
  await form.locator('label', { hasText: /^10:00 AM$/ }).click();
  await expect(form.getByRole('radio', { name: '10:00 AM' })).toBeChecked();
}

async function fillPickup(form: Locator, street: string, city: string, zip: string) {
  await form.getByLabel('Pickup street address').fill(street);
  await form.getByLabel('Pickup city').fill(city);
  await form.getByLabel('Pickup ZIP code').fill(zip);
}

/** The carpet and laundry success pages' two ways on. */
async function expectHomeAndServices(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'View Services' })).toHaveAttribute(
    'href',
    '/services',
  );
}

const estimateOf = (page: Page) => page.getByRole('region', { name: 'Estimate' });

/** The value beside a label in a price card. */
const priceRow = (card: Locator, label: string) => {
  const exactly = new RegExp(`^${label}$`);
  const term = card.page().getByRole('term').filter({ hasText: exactly });
  return card.locator('dl > div').filter({ has: term }).getByRole('definition');
};

/** No serious accessibility problem in the page as it stands (messages shown, success…). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('a guest books carpet cleaning: checks in order, a live estimate, then the success page', async ({
  page,
}) => {
  await page.goto('/book/carpet');
  const form = page.getByRole('form', { name: 'Carpet cleaning booking' });
  const book = form.getByRole('button', { name: 'Book Carpet Cleaning' });
  await expect(form.getByLabel('State')).toHaveValue('MN');
  await expect(form.getByLabel('State')).toHaveAttribute('readonly', '');

  await book.click();
  await expectToast(page, 'Missing Information', 'Please fill in all contact information fields.');
  await expect(form.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('First name is required');
  await expectAccessible(page);
  await fillContact(form);

  await book.click();
  await expectToast(page, 'Missing Address', 'Please provide your complete address.');
  await form.getByLabel('Street address').fill('3348 Hennepin Ave');
  await form.getByLabel('City').fill('Minneapolis');
  await form.getByLabel('ZIP code').fill('55408abc');
  await expect(form.getByLabel('ZIP code')).toHaveValue('55408');

  await book.click();
  await expectToast(page, 'Missing Schedule', 'Please select a date and time for your service.');
  await pickTomorrow(form, 'Preferred date');

  await book.click();
  await expectToast(
    page,
    'No Rooms Selected',
    'Please select at least one bedroom or living room.',
  );
  const bedrooms = form.getByRole('spinbutton', { name: 'Bedrooms' });
  await expect(bedrooms).toHaveAccessibleDescription(
    'Please select at least one bedroom or living room',
  );

  // The estimate follows every change, priced from the pricing config.
  const estimate = estimateOf(page);
  await expect(estimate).toContainText('$0.00');
  await expect(estimate).not.toContainText('No deposit');
  await expect(form.getByRole('button', { name: 'Fewer: Bedrooms' })).toBeDisabled();
  await form.getByRole('button', { name: 'More: Bedrooms' }).click();
  await form.getByRole('button', { name: 'More: Bedrooms' }).click();
  await expect(bedrooms).toHaveValue('2');
  await expect(bedrooms).not.toHaveAttribute('aria-invalid');
  await expect(estimate).toContainText('$150.00');
  await form.getByRole('spinbutton', { name: 'Living rooms' }).fill('1');
  await form.getByRole('spinbutton', { name: 'Stairs' }).press('ArrowUp');
  await expect(estimate).toContainText('$250.00');
  await form.getByRole('switch', { name: 'Green cleaning' }).click();
  // 2 × $75 + $75 + $25 + $20 green; a 40% deposit.
  await expect(estimate).toContainText('$270.00');
  await expect(estimate).toContainText('$108.00 (40%)');

  await book.click();
  await expectToast(
    page,
    'Booking Submitted!',
    "We'll assign a provider and contact you with payment details within 24 hours.",
  );
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Booking Submitted!' })).toBeFocused();
  await expect(
    main.getByText(
      "We'll assign a provider and contact you with payment details within 24 hours.",
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  await expect(page.getByText(/Booking reference:/)).toContainText(/[0-9a-f-]{36}/);
  await expect(page.getByText(/\$270\.00 for 2 bedrooms/)).toBeVisible();
  await expect(page.getByText(/deposit \(\$108\.00\)/)).toBeVisible();
  await expect(page.getByText('grace.special@example.com')).toBeVisible();
  await expectHomeAndServices(page);
  await expectAccessible(page);
});

test('a guest books a laundry pickup; drop-off follows pickup while it is the same', async ({
  page,
}) => {
  await page.goto('/book/laundry');
  const form = page.getByRole('form', { name: 'Laundry booking' });
  const book = form.getByRole('button', { name: 'Book Laundry Pickup' });
  await expect(page.getByText('Typical turnaround is 24-48 hours.').first()).toBeVisible();

  await book.click();
  await expectToast(page, 'Missing Information', 'Please fill in all contact information fields.');
  await fillContact(form);
  await book.click();
  await expectToast(page, 'Missing Pickup Address', 'Please provide your complete pickup address.');

  await fillPickup(form, '55 Grand Ave', 'Minneapolis', '55405');
  const same = form.getByRole('switch', { name: 'Same as pickup address' });
  await expect(same).toHaveAttribute('aria-checked', 'true');
  await expect(form.getByLabel('Dropoff street address')).toHaveCount(0);
  // Edits to pickup are copied while the switch is on…
  await form.getByLabel('Pickup city').fill('St Paul');
  await same.click();
  await expect(form.getByLabel('Dropoff street address')).toHaveValue('55 Grand Ave');
  await expect(form.getByLabel('Dropoff city')).toHaveValue('St Paul');
  await expect(form.getByLabel('Dropoff state')).toHaveValue('MN');
  await form.getByLabel('Dropoff street address').fill('');
  await book.click();
  await expectToast(
    page,
    'Missing Dropoff Address',
    'Please provide your complete dropoff address.',
  );
  // …and turning it on copies the pickup address again.
  await form.getByLabel('Pickup ZIP code').fill('55102');
  await same.click();
  await same.click();
  await expect(form.getByLabel('Dropoff street address')).toHaveValue('55 Grand Ave');
  await expect(form.getByLabel('Dropoff ZIP code')).toHaveValue('55102');
  await same.click();

  await book.click();
  await expectToast(page, 'Missing Schedule', 'Please select a date and time for pickup.');
  await pickTomorrow(form, 'Pickup date');

  const loads = form.getByRole('spinbutton', { name: 'Number of loads' });
  await expect(loads).toHaveValue('1');
  await expect(form.getByRole('button', { name: 'Fewer: Number of loads' })).toBeDisabled();
  await loads.fill('25');
  await expect(loads).toHaveValue('20');
  await loads.fill('0');
  await book.click();
  await expectToast(page, 'Invalid Load Count', 'Please select at least one load of laundry.');

  const estimate = estimateOf(page);
  await loads.fill('3');
  await expect(estimate).toContainText('$105.00');
  await form.getByRole('switch', { name: 'Eco-friendly detergent' }).click();
  await expect(estimate).toContainText('$125.00');

  await book.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Submitted!' })).toBeVisible();
  await expect(page.getByText(/\$125\.00 for 3 loads/)).toBeVisible();
  await expectHomeAndServices(page);
});

test('a guest books dry cleaning and a rug, then books another service', async ({ page }) => {
  await page.goto('/book/dry-cleaning');
  const form = page.getByRole('form', { name: 'Dry cleaning and rug booking' });
  const book = form.getByRole('button', { name: 'Book Pickup' });
  const estimate = estimateOf(page);
  // No items, no booking: the button says why it waits.
  await expect(book).toBeDisabled();
  await expect(book).toHaveAccessibleDescription('Add at least one item to book.');
  await expect(estimate).toContainText('Add items to see your estimate.');
  await expect(form.getByRole('button', { name: 'Fewer: Tie' })).toBeDisabled();

  await form.getByRole('button', { name: 'More: Shirt/Blouse' }).click();
  await form.getByRole('button', { name: 'More: Shirt/Blouse' }).click();
  // $12 of shirts: the $50 order minimum applies, and the lines say so rather than add up.
  await expect(priceRow(estimate, 'Shirt/Blouse × 2')).toHaveText('$12.00');
  await expect(priceRow(estimate, 'Items')).toHaveText('$12.00');
  await expect(priceRow(estimate, 'Minimum order applies')).toHaveText('$50.00');
  await expect(priceRow(estimate, 'Estimated total')).toHaveText('$50.00');
  await form.getByRole('button', { name: 'More: Persian/Oriental Rug' }).click();
  await form.getByRole('button', { name: 'Fewer: Shirt/Blouse' }).click();
  await expect(priceRow(estimate, 'Items')).toHaveText('$156.00');
  await expect(estimate.getByText('Estimated total').locator('..')).toContainText('$156.00');
  await expect(estimate).not.toContainText('Minimum order applies');
  await form.getByRole('switch', { name: 'Green cleaning' }).click();
  await expect(estimate.getByText('Estimated total').locator('..')).toContainText('$176.00');
  await expect(estimate).toContainText('The final price is confirmed after pickup.');

  await book.click();
  await expectToast(page, 'Missing Information', 'Please fill in all contact information fields.');
  await fillContact(form);
  await book.click();
  await expectToast(page, 'Missing Pickup Address', 'Please provide your complete pickup address.');
  await fillPickup(form, '120 Summit Ave', 'St Paul', '55102');
  const same = form.getByRole('switch', { name: 'Same as pickup address' });
  await same.click();
  await form.getByLabel('Dropoff ZIP code').fill('');
  await book.click();
  await expectToast(
    page,
    'Missing Dropoff Address',
    'Please provide your complete dropoff address.',
  );
  await form.getByLabel('Dropoff ZIP code').fill('55105');
  await book.click();
  await expectToast(page, 'Missing Schedule', 'Please select a date and time for pickup.');
  await pickTomorrow(form, 'Pickup date');
  await form.getByLabel('Special instructions (optional)').fill('Red wine stain on the rug.');

  await book.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Submitted!' })).toBeVisible();
  await expect(page.getByText('1 × Shirt/Blouse, 1 × Persian/Oriental Rug')).toBeVisible();
  await expect(
    page.getByText(/\$176\.00\. The final price is confirmed after pickup\./),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  await main.getByRole('button', { name: 'Book Another Service' }).click();
  const again = page.getByRole('form', { name: 'Dry cleaning and rug booking' });
  await expect(again.getByLabel('First name')).toHaveValue('');
  await expect(again.getByRole('spinbutton', { name: 'Persian/Oriental Rug' })).toHaveValue('0');
  await expect(again.getByRole('button', { name: 'Book Pickup' })).toBeDisabled();
});

test('a refused booking says why and keeps everything typed', async ({ page }) => {
  // The browser's clock two days behind: the day it offers is already past for the server.
  await page.clock.setFixedTime(new Date(Date.now() - 2 * 24 * 3_600_000));
  await page.goto('/book/laundry');
  const form = page.getByRole('form', { name: 'Laundry booking' });
  await fillContact(form);
  await fillPickup(form, '55 Grand Ave', 'Minneapolis', '55405');
  await pickTomorrow(form, 'Pickup date');
  await form.getByRole('spinbutton', { name: 'Number of loads' }).fill('4');
  await form.getByRole('button', { name: 'Book Laundry Pickup' }).click();

  await expectToast(page, 'Booking Failed', 'Choose a date from today up to 30 days ahead.');
  await expect(form.getByLabel('First name')).toHaveValue('Grace');
  await expect(form.getByLabel('Pickup street address')).toHaveValue('55 Grand Ave');
  await expect(form.getByRole('spinbutton', { name: 'Number of loads' })).toHaveValue('4');
  await expect(form.getByRole('button', { name: 'Book Laundry Pickup' })).toBeEnabled();
});

test('a signed-in client finds the form filled in and pays no deposit as a member', async ({
  page,
}) => {
  await signIn(page, 'standard@example.com');
  await expect(page).toHaveURL(/\/client$/);
  await page.goto('/book/laundry');
  const form = page.getByRole('form', { name: 'Laundry booking' });
  await expect(form.getByLabel('First name')).toHaveValue('Priya');
  await expect(form.getByLabel('Last name')).toHaveValue('Natarajan');
  await expect(form.getByLabel('Email')).toHaveValue('standard@example.com');
  await expect(form.getByLabel('Phone')).toHaveValue('651-555-0172');
  await expect(estimateOf(page)).toContainText('No deposit for members.');
});
