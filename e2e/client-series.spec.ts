import { expect, type Page, test } from '@playwright/test';
import { addDays, chicagoDate, formatDate } from '@twinclean/shared/schedule';
import pg from 'pg';
import { PORT } from '../playwright.config';
import { book, CLIENT, expectAccessible, signInAsClient, statusBadge } from './client';
import { e2eDatabaseUrl } from './database-place';
import { toast } from './helpers';

// The client manages a recurring cleaning (issue 31): the dashboard's "Recurring cleanings",
// then skipping one visit and pausing the series, each change's consequence read before it is
// confirmed.

const ROOMS = {
  homeSize: 'medium',
  squareFeet: null,
  numberOfFloors: 1,
  bedroomCount: 2,
  fullBathroomCount: 1,
  halfBathroomCount: 0,
  hasKitchen: true,
  hasLivingRoom: true,
};

/**
 * An every-2-weeks series of the demo client's with three visits at 10:00 (in 2, 16 and 30 days):
 * each visit booked through the API as a one-time cleaning, then tied to a series and a saved
 * home in the database, as the series' own generation would have tied them.
 */
async function seedSeries(page: Page) {
  const visits = [];
  for (const days of [2, 16, 30]) visits.push(await book(page, days));
  const db = new pg.Client({ connectionString: e2eDatabaseUrl(PORT) });
  await db.connect();
  try {
    const client = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      CLIENT,
    ]);
    const clientId = client.rows[0]?.id;
    const home = await db.query<{ id: string }>(
      `INSERT INTO homes (client_id, label, address, city, state, zip_code, home_size,
         number_of_floors, bedroom_count, full_bathroom_count, half_bathroom_count, has_kitchen,
         has_living_room)
       VALUES ($1, 'Upton home', '4420 Upton Ave S', 'Minneapolis', 'MN', '55410', 'medium', 1, 2, 1, 0, true, true)
       RETURNING id`,
      [clientId],
    );
    const homeId = home.rows[0]?.id;
    const details = {
      serviceType: 'house',
      contact: { firstName: 'Jordan', lastName: 'Lindqvist', email: CLIENT, phone: '612-555-0141' },
      clientNotes: '',
      greenCleaning: false,
      rooms: { ...ROOMS, hasPets: false, petDetails: '' },
      addOns: [],
    };
    const series = await db.query<{ id: string }>(
      `INSERT INTO booking_series (client_id, home_id, service_type, interval_weeks, anchor_date,
         scheduled_time, details)
       VALUES ($1, $2, 'house', 2, $3, '10:00', $4) RETURNING id`,
      [clientId, homeId, visits[0]?.scheduledDate, JSON.stringify(details)],
    );
    const seriesId = series.rows[0]?.id as string;
    for (const visit of visits) {
      await db.query(
        'UPDATE bookings SET series_id = $1, series_date = scheduled_date, home_id = $2 WHERE id = $3',
        [seriesId, homeId, visit.id],
      );
    }
    return { seriesId, visits };
  } finally {
    await db.end();
  }
}

/** Cancels the series in the database, as an admin's change would between two clicks. */
async function cancelBehindTheClientsBack(seriesId: string) {
  const db = new pg.Client({ connectionString: e2eDatabaseUrl(PORT) });
  await db.connect();
  try {
    await db.query(
      "UPDATE booking_series SET canceled_at = now(), cancellation_reason = 'Moved away' WHERE id = $1",
      [seriesId],
    );
  } finally {
    await db.end();
  }
}

const visitRow = (page: Page, date: string) =>
  page
    .getByRole('region', { name: 'Upcoming visits' })
    .getByRole('listitem')
    .filter({ hasText: `${formatDate(date)} at 10:00 AM` });

test('a client skips one visit of a series and pauses it, reading each consequence first', async ({
  page,
}) => {
  // Two previews, two changes and an accessibility scan: past the 30 s default under CI's load.
  test.setTimeout(90_000);
  await signInAsClient(page);
  const { seriesId, visits } = await seedSeries(page);
  const [first, second, third] = visits.map((v) => v.scheduledDate) as [string, string, string];

  // The dashboard: the series, its next visits and the way to manage it.
  await page.reload();
  const section = page.getByRole('region', { name: 'Recurring cleanings' });
  const card = section.getByRole('listitem').filter({
    has: page.locator(`a[href="/client/series/${seriesId}"]`),
  });
  await expect(card.getByRole('heading', { name: 'Every 2 weeks' })).toBeVisible();
  await expect(card).toContainText('Upton home');
  await expect(card).toContainText('Finding your regular cleaner');
  await expect(card).toContainText('10% off each visit');
  await expect(card.getByRole('list', { name: 'Next visits of Every 2 weeks' })).toContainText(
    `${formatDate(first)} at 10:00 AM`,
  );
  await expectAccessible(page);
  await card.getByRole('link', { name: /^Manage Every 2 weeks/ }).click();
  await expect(page).toHaveURL(new RegExp(`/client/series/${seriesId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Recurring cleaning: Every 2 weeks',
  );
  await expect(visitRow(page, first)).toContainText('on the job board');
  await expectAccessible(page);

  // Skip the second visit: the consequence comes before the confirm button.
  await page
    .getByRole('button', { name: `Skip the visit on ${formatDate(second)} at 10:00 AM` })
    .click();
  const skip = page.getByRole('dialog', { name: 'Skip this visit?' });
  await expect(skip).toContainText('will be canceled');
  await expectAccessible(page);
  await skip.getByRole('button', { name: 'Skip Visit' }).click();
  await expect(skip).toBeHidden();
  await expect(statusBadge(visitRow(page, second), 'Canceled')).toBeVisible();
  await expect(visitRow(page, second).getByRole('button', { name: /^Skip/ })).toHaveCount(0);

  // Pause: a day that is not after today is refused in the form; a later one previewed; a date
  // changed after the preview needs a new one.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const pause = page.getByRole('dialog', { name: 'Pause the series' });
  const until = pause.getByLabel('Pause until');
  await until.fill(chicagoDate(new Date()));
  await pause.getByRole('button', { name: 'Review Change' }).click();
  await expect(pause.getByRole('alert')).toHaveText('Choose a date after today.');
  await until.fill(addDays(chicagoDate(new Date()), 10));
  await pause.getByRole('button', { name: 'Review Change' }).click();
  await expect(pause).toContainText('paused until');
  await until.fill(addDays(chicagoDate(new Date()), 20));
  await expect(pause.getByRole('button', { name: 'Pause Series' })).toHaveCount(0);
  await pause.getByRole('button', { name: 'Review Change' }).click();
  await expect(pause).toContainText('paused until');
  await pause.getByRole('button', { name: 'Pause Series' }).click();
  await expect(pause).toBeHidden();
  await expect(toast(page, 'Series paused')).toBeVisible();
  await expect(
    page.getByText(`Paused until ${formatDate(addDays(chicagoDate(new Date()), 20))}`, {
      exact: true,
    }),
  ).toBeVisible();
  // The visit before the pause's end is gone; the one after it stays.
  await expect(visitRow(page, first)).toHaveCount(0);
  await expect(visitRow(page, third)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume now' })).toBeVisible();
  await expectAccessible(page);
});

test('on a phone, by keyboard: a refusal is said in the dialog and the reason typed stays', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsClient(page);
  const { seriesId } = await seedSeries(page);
  await page.goto(`/client/series/${seriesId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Recurring cleaning: Every 2 weeks',
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Cancel series' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel the series?' });
  const reason = dialog.getByLabel('Reason for canceling');
  await expect(reason).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Review Change' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('A reason is required');
  await reason.fill('We are moving');
  await dialog.getByRole('button', { name: 'Review Change' }).click();
  const confirm = dialog.getByRole('button', { name: 'Cancel Series' });
  await expect(confirm).toBeVisible();
  await expect(dialog.getByText('What happens')).toBeVisible();
  await expectAccessible(page);

  await cancelBehindTheClientsBack(seriesId);
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('This recurring cleaning is canceled.');
  await expect(reason).toHaveValue('We are moving');
  await expect(confirm).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
