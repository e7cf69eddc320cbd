import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { REFERRAL_REFUSALS } from '@twinclean/shared/referrals';
import { signIn, toast } from './helpers';

/** Tomorrow in the booking form's own format, whatever the machine's zone. */
async function tomorrow(page: Page): Promise<string> {
  const min = await page.getByLabel('Preferred date').getAttribute('min');
  const next = new Date(`${min}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** "Dec 2, 2026" for '2026-12-02': how every screen of the site writes a date. */
const siteDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** The value the Review step shows beside a label (the estimate beside it has its own). */
const reviewed = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Booking details' })
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');

async function fillContactAndAddress(page: Page, contact: boolean) {
  if (contact) {
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill('grace.e2e@example.com');
    // Typed as bare digits: the review still writes it as the site does.
    await page.getByLabel('Phone').fill('6125550199');
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Street address').fill('3348 Hennepin Ave');
  await page.getByLabel('City').fill('Minneapolis');
  await page.getByLabel('ZIP code').fill('55408abc123');
  await expect(page.getByLabel('ZIP code')).toHaveValue('55408');
}

/** Tomorrow at 10:00 AM, then on to the review; the date picked. */
async function pickSlot(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Continue' }).click();
  const date = await tomorrow(page);
  await page.getByLabel('Preferred date').fill(date);
  await page.locator('label', { hasText: /^10:00 AM$/ }).click();
  await expect(page.getByRole('radio', { name: '10:00 AM' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  return date;
}

test('a guest books a 3-bedroom house with two add-ons and green cleaning', async ({ page }) => {
  await page.goto('/book?service=house-cleaning');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Missing Information')).toBeVisible();
  await fillContactAndAddress(page, true);

  await expect(page.getByRole('group', { name: 'Bedrooms' }).getByRole('status')).toHaveText('3');
  await page.getByRole('switch', { name: 'Green cleaning' }).click();
  await page.getByRole('button', { name: 'More: Inside Oven' }).click();
  await page.getByRole('button', { name: 'More: Window Cleaning' }).click();
  await page.getByRole('button', { name: 'More: Window Cleaning' }).click();
  const estimate = page.getByRole('region', { name: 'Estimate' });
  // 180 + 30 + 20 minutes → 4 hours × $45 + $30 + $10 + $20 green = $240; 40% deposit $96.
  await expect(estimate).toContainText('$45.00/hour');
  await expect(estimate).toContainText('$240.00');
  await expect(estimate).toContainText('$96.00');

  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Select Date & Time')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  const date = await pickSlot(page);

  // Everything that will be booked, written as the rest of the site writes it.
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(reviewed(page, 'Contact')).toHaveText(
    'Grace Hopper · grace.e2e@example.com · (612) 555-0199',
  );
  await expect(reviewed(page, 'Address')).toHaveText('3348 Hennepin Ave, Minneapolis, MN 55408');
  await expect(reviewed(page, 'Home')).toHaveText('Medium home, 1 floor');
  await expect(reviewed(page, 'Rooms')).toHaveText(
    '3 bedrooms, 2 full bathrooms, kitchen, living room',
  );
  await expect(reviewed(page, 'Add-ons').getByRole('listitem')).toHaveText([
    'Inside Oven × 1',
    'Window Cleaning × 2',
  ]);
  await expect(reviewed(page, 'Green cleaning')).toHaveText('Yes, +$20.00');
  await expect(reviewed(page, 'When')).toHaveText(`${siteDate(date)} at 10:00 AM`);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(toast(page, 'Booking created!')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/confirmation\?id=[0-9a-f-]{36}$/);
  await expect(page.getByText(/Booking reference:/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute(
    'href',
    '/api/login',
  );
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
});

test('a signed-in standard subscriber sees $25/hour, no add-on charges and no deposit', async ({
  page,
}) => {
  await signIn(page, 'standard@example.com');
  await expect(page).toHaveURL(/\/client$/);

  // She came by a referral link nobody has: as an existing client she is promised nothing, and
  // the server's refusal shows on the page she lands on.
  await page.goto('/book?ref=NOSUCH99');
  // Prefilled from the account.
  await expect(page.getByLabel('First name')).toHaveValue('Priya');
  await fillContactAndAddress(page, false);
  await page.getByRole('button', { name: 'More: Inside Oven' }).click();
  const estimate = page.getByRole('region', { name: 'Estimate' });
  await expect(estimate).toContainText('$25.00/hour');
  await expect(estimate.getByText('Add-ons').locator('..')).toContainText('$0.00');
  await expect(estimate).toContainText('No deposit');
  await expect(page.getByText('Free for members').first()).toBeVisible();

  await pickSlot(page);
  // On a phone the review stacks each label over its value, inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(reviewed(page, 'Contact')).toHaveText(
    'Priya Natarajan · standard@example.com · (651) 555-0172',
  );
  await expect(reviewed(page, 'Add-ons').getByRole('listitem')).toHaveText(['Inside Oven × 1']);
  await expect(reviewed(page, 'Green cleaning')).toHaveText('No');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-label="Booking details"]')
    .analyze();
  expect(violations).toEqual([]);
  await expect(page.getByRole('button', { name: 'Redeem' })).toBeVisible();
  await expect(page.getByText(/Referred by a friend/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  // A client lands on the booking's own page, which says what became of the referral.
  await expect(page).toHaveURL(/\/client\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'House Cleaning' })).toBeVisible();
  await expect(page.getByText(REFERRAL_REFUSALS.unknown, { exact: true })).toBeVisible();
});

test('the service shortcuts and booking links lead to their forms', async ({ page }) => {
  for (const [service, path, heading] of [
    ['carpet-cleaning', '/book/carpet', 'Book carpet cleaning'],
    ['rug-cleaning', '/book/dry-cleaning', 'Book dry cleaning & rug care'],
    ['laundry', '/book/laundry', 'Book laundry pickup'],
  ] as const) {
    await page.goto(`/book?service=${service}`);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'Book a house cleaning' })).toBeVisible();

  await page.goto('/services');
  await page.getByRole('link', { name: 'Book Rug Cleaning' }).last().click();
  await expect(page).toHaveURL(/\/book\/dry-cleaning$/);
  await page.goto('/book');
  await page
    .getByRole('navigation', { name: 'Other services' })
    .getByRole('link', { name: 'Book Carpet Cleaning' })
    .click();
  await expect(page).toHaveURL(/\/book\/carpet$/);
  // The header's shortcut menu.
  await page.getByRole('button', { name: 'Booking shortcuts' }).click();
  await page.getByRole('link', { name: 'Book Laundry Pickup' }).click();
  await expect(page).toHaveURL(/\/book\/laundry$/);
});
