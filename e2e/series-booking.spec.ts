import { expect, type Page, test } from '@playwright/test';
import { signIn, toast } from './helpers';
import { BASE_URL } from './phone';
import { newClient, SUBSCRIBER_PASSWORD } from './subscriber';

// Issue 31: a signed-in client books a cleaning every 2 weeks through the wizard, at a new home
// with entry notes, sees the series discount, adds the card a series needs without losing what
// was typed, and lands on the confirmation and then their portal.

/** "Dec 2, 2026": how the portal writes a date. */
const siteDate = (day: Date) =>
  day.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** The value the Review step shows beside a label. */
const reviewed = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Booking details' })
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');

/** A saved home of the client's, so the wizard offers a choice (homes are H1's routes). */
async function saveHome(page: Page) {
  const res = await page.request.post('/api/homes', {
    headers: { Origin: BASE_URL },
    data: {
      label: 'Cabin',
      address: '4420 Upton Ave S',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55410',
      parkingNotes: 'Street parking',
      entryNotes: 'Side door code 1111',
    },
  });
  expect(res.status()).toBe(201);
}

test('a client books every 2 weeks at a new home, adding the card on the way', async ({
  page,
  baseURL,
}) => {
  const email = await newClient(baseURL);
  await signIn(page, email, SUBSCRIBER_PASSWORD);
  await expect(page).toHaveURL(/\/client$/);
  await saveHome(page);

  await page.goto('/book');
  await expect(page.getByLabel('First name')).toHaveValue('Mona');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The saved home fills and locks the address; "A new home" gives the empty fields back.
  const homes = page.getByRole('group', { name: 'Which home?' });
  await homes.locator('label', { hasText: 'Cabin' }).click();
  await expect(homes.getByRole('radio', { name: /Cabin/ })).toBeChecked();
  await expect(page.getByLabel('Street address')).toHaveValue('4420 Upton Ave S');
  await expect(page.getByLabel('Street address')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Entry notes')).toHaveValue('Side door code 1111');
  await homes.locator('label', { hasText: 'A new home' }).click();
  await expect(page.getByLabel('Street address')).toHaveValue('');
  await expect(page.getByLabel('Street address')).not.toHaveAttribute('readonly', '');
  await page.getByLabel('Street address').fill('2801 Irving Ave S');
  await page.getByLabel('City').fill('Minneapolis');
  await page.getByLabel('ZIP code').fill('55408');
  await page.getByLabel('Parking').fill('Driveway on the left');
  await page.getByLabel('Entry notes').fill('Lockbox on the back door, code 2468');
  await expect(page.getByText('Only the cleaner assigned to a visit sees this')).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  const min = await page.getByLabel('Preferred date').getAttribute('min');
  const first = new Date(`${min}T12:00:00Z`);
  first.setUTCDate(first.getUTCDate() + 1);
  const weekday = first.toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long' });
  await page.getByLabel('Preferred date').fill(first.toISOString().slice(0, 10));
  await page.locator('label', { hasText: /^10:00 AM$/ }).click();

  // "How often?": a radio group, by keyboard; each series choice says its discount.
  const often = page.getByRole('group', { name: 'How often?' });
  await expect(often.getByRole('radio')).toHaveCount(4);
  await expect(often).toContainText('Every week');
  await expect(often).toContainText('Save 15% on each visit');
  await often.getByRole('radio', { name: 'One time' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(often.getByRole('radio', { name: /Every 2 weeks/ })).toBeChecked();
  await expect(often).toContainText('Save 10% on each visit');

  // The default rooms: 3 hours × $45 = $135.00, less 10 % = $121.50 a visit, no deposit.
  const estimate = page.getByRole('region', { name: 'Estimate' });
  await expect(estimate).toContainText('−$13.50');
  await expect(estimate).toContainText('$121.50');
  await expect(estimate).toContainText(`Every 2 weeks on ${weekday}s at 10:00 AM`);
  await expect(estimate).toContainText(
    'No deposit: each visit is charged to your saved card 12 hours before.',
  );
  await expect(estimate).not.toContainText('Deposit after a cleaner is assigned');

  // No saved card yet: the way to add one, and back to the wizard as it was left.
  const notice = often.getByRole('alert');
  await expect(notice).toContainText('A recurring booking needs a saved card');
  await notice.getByRole('link', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/client\/payment-methods$/);
  await page.getByRole('button', { name: 'Add card' }).click();
  const form = page.getByRole('form', { name: 'Save a card' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Save Card' }).click();
  await expect(toast(page, 'Visa ending in 4242 was saved as your default card.')).toBeVisible();
  await page.goBack();

  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  await expect(often.getByRole('radio', { name: /Every 2 weeks/ })).toBeChecked();
  await expect(often.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(reviewed(page, 'Address')).toHaveText('2801 Irving Ave S, Minneapolis, MN 55408');
  await expect(reviewed(page, 'Entry notes')).toHaveText('Lockbox on the back door, code 2468');
  await expect(reviewed(page, 'How often')).toHaveText(`Every 2 weeks on ${weekday}s at 10:00 AM`);
  await expect(reviewed(page, 'Each visit')).toHaveText(
    '$121.50. No deposit: each visit is charged to your saved card 12 hours before.',
  );
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(page).toHaveURL(/\/booking\/confirmation\?/);
  await expect(
    page.getByRole('heading', { name: 'Your recurring cleaning is set: every 2 weeks' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'See your next visits' }).click();
  await expect(page).toHaveURL(/\/client$/);
  // The portal's "Recurring cleanings" shows the new series with its next visits.
  const recurring = page.getByRole('region', { name: 'Recurring cleanings' });
  await expect(recurring.getByRole('heading', { name: 'Every 2 weeks' })).toBeVisible();
  await expect(recurring.getByRole('list', { name: 'Next visits of Every 2 weeks' })).toBeVisible();
  await expect(
    recurring.getByRole('list', { name: 'Next visits of Every 2 weeks' }).getByRole('listitem'),
  ).toHaveCount(3);

  // The new home was saved with its notes, beside the one saved before.
  const saved = await (await page.request.get('/api/homes')).json();
  expect(saved.homes).toHaveLength(2);
  expect(saved.homes.map((h: { entryNotes: string }) => h.entryNotes).sort()).toEqual([
    'Lockbox on the back door, code 2468',
    'Side door code 1111',
  ]);
  // The portal lists the series' visits as ordinary bookings: the first one booked and the
  // next ones the series planned in the 30-day window (2 and 4 weeks later).
  const upcoming = page.getByRole('region', { name: 'Upcoming Bookings' });
  for (const weeks of [0, 2, 4]) {
    const day = new Date(first);
    day.setUTCDate(day.getUTCDate() + weeks * 7);
    await expect(
      upcoming.getByRole('link', { name: `House Cleaning on ${siteDate(day)}` }),
    ).toBeVisible();
  }
});

test('a guest books one time only, with no saved home or entry notes', async ({ page }) => {
  await page.goto('/book');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill('grace.series@example.com');
  await page.getByLabel('Phone').fill('6125550199');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Street address')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Which home?' })).toHaveCount(0);
  await expect(page.getByLabel('Entry notes')).toHaveCount(0);
  await page.getByLabel('Street address').fill('3348 Hennepin Ave');
  await page.getByLabel('City').fill('Minneapolis');
  await page.getByLabel('ZIP code').fill('55408');
  await page.getByRole('button', { name: 'Continue' }).click();

  const often = page.getByRole('group', { name: 'How often?' });
  await expect(often.getByRole('radio')).toHaveCount(1);
  await expect(often.getByRole('radio', { name: 'One time' })).toBeChecked();
  await expect(
    often.getByRole('link', { name: 'Sign in to book a recurring cleaning.' }),
  ).toHaveAttribute('href', '/login?redirect=%2Fbook%2Fhouse');
});

test('a client picks a saved home and every week on the laundry form', async ({
  page,
  baseURL,
}) => {
  const email = await newClient(baseURL);
  await signIn(page, email, SUBSCRIBER_PASSWORD);
  await expect(page).toHaveURL(/\/client$/);
  await saveHome(page);

  await page.goto('/book/laundry');
  const homes = page.getByRole('group', { name: 'Which home?' });
  await homes.locator('label', { hasText: 'Cabin' }).click();
  await expect(page.getByLabel('Pickup street address')).toHaveValue('4420 Upton Ave S');
  await expect(page.getByLabel('Pickup street address')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Parking')).toHaveValue('Street parking');
  await expect(page.getByLabel('Entry notes')).toHaveValue('Side door code 1111');

  await page.getByRole('button', { name: 'More: Number of loads' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Number of loads' })).toHaveValue('2');
  const often = page.getByRole('group', { name: 'How often?' });
  await often.locator('label', { hasText: 'Every week' }).click();
  // 2 loads × $35.00 = $70.00, less 15 % = $59.50 a pickup, no deposit.
  const estimate = page.getByRole('region', { name: 'Estimate' });
  await expect(estimate).toContainText('−$10.50');
  await expect(estimate).toContainText('Each pickup');
  await expect(estimate).toContainText('$59.50');
  await expect(estimate).toContainText(
    'No deposit: each visit is charged to your saved card 12 hours before.',
  );
  await expect(often.getByRole('alert')).toContainText('A recurring booking needs a saved card');
});
