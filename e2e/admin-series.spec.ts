import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import pg from 'pg';
import { PORT } from '../playwright.config';
import { e2eDatabaseUrl } from './database-place';
import { signIn, toast } from './helpers';

// The admin Series pages (issue 31): an admin filters the list, opens a series, gives it to
// another regular provider, and pauses it reading the consequence before confirming.

const DETAILS = {
  serviceType: 'house',
  contact: {
    firstName: 'Jordan',
    lastName: 'Lindqvist',
    email: 'client@example.com',
    phone: '612-555-0141',
  },
  clientNotes: '',
  greenCleaning: false,
  rooms: {
    homeSize: 'medium',
    squareFeet: null,
    numberOfFloors: 1,
    bedroomCount: 2,
    fullBathroomCount: 1,
    halfBathroomCount: 0,
    hasKitchen: true,
    hasLivingRoom: true,
    hasPets: false,
    petDetails: '',
  },
  addOns: [],
};

/**
 * A weekly series of the demo client's whose regular provider is Maria Gonzalez, with two
 * visits of hers (a Tuesday 2 to 8 days ahead and a week later, at 10:00), as the series' generation would have made them.
 */
async function seedSeries() {
  const db = new pg.Client({ connectionString: e2eDatabaseUrl(PORT) });
  await db.connect();
  try {
    const ids = await db.query<{ email: string; id: string }>(
      `SELECT email, id FROM users WHERE email IN ('client@example.com', 'provider@example.com')`,
    );
    const id = (email: string) => ids.rows.find((r) => r.email === email)?.id;
    const [clientId, providerId] = [id('client@example.com'), id('provider@example.com')];
    // A Tuesday, 2 to 8 days ahead: a day both demo providers work.
    const anchor = [2, 3, 4, 5, 6, 7, 8]
      .map((d) => addDays(chicagoDate(new Date()), d))
      .find((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 2) as string;
    const home = await db.query<{ id: string }>(
      `INSERT INTO homes (client_id, label, address, city, state, zip_code)
       VALUES ($1, 'Series home', '5120 Xerxes Ave S', 'Minneapolis', 'MN', '55410') RETURNING id`,
      [clientId],
    );
    const series = await db.query<{ id: string }>(
      `INSERT INTO booking_series (client_id, home_id, service_type, interval_weeks, anchor_date,
         scheduled_time, details, regular_provider_id)
       VALUES ($1, $2, 'house', 1, $3, '10:00', $4, $5) RETURNING id`,
      [clientId, home.rows[0]?.id, anchor, JSON.stringify(DETAILS), providerId],
    );
    const seriesId = series.rows[0]?.id as string;
    for (const date of [anchor, addDays(anchor, 7)]) {
      await db.query(
        `INSERT INTO bookings (service_type, client_id, client_first_name, client_last_name,
           client_email, client_phone, address, city, state, zip_code, scheduled_date,
           scheduled_time, scheduled_at, subscription_type, base_hours, total_hours,
           hourly_rate_cents, base_amount_cents, total_amount_cents, deposit_amount_cents,
           price_is_final, provider_id, assigned_at, home_id, series_id, series_date)
         VALUES ('house', $1, 'Jordan', 'Lindqvist', 'client@example.com', '612-555-0141',
           '5120 Xerxes Ave S', 'Minneapolis', 'MN', '55410', $2::date, '10:00',
           ($2::text || ' 10:00')::timestamp AT TIME ZONE 'America/Chicago', 'none', 2, 2, 4500, 9000,
           9000, 0, true, $3, now(), $4, $5, $2::date)`,
        [clientId, date, providerId, home.rows[0]?.id, seriesId],
      );
    }
    return seriesId;
  } finally {
    await db.end();
  }
}

test('an admin filters the series, opens one and gives it to another regular provider', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const seriesId = await seedSeries();
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: 'Series' })
    .click();
  await expect(page.getByRole('heading', { name: 'Series', level: 1 })).toBeVisible();

  // The three filters are the URL's.
  await page.getByRole('combobox', { name: 'How often' }).selectOption('weekly');
  await expect(page).toHaveURL(/frequency=weekly/);
  await page
    .getByRole('combobox', { name: 'Regular provider' })
    .selectOption({ label: 'Maria Gonzalez' });
  await page.getByRole('combobox', { name: 'Paused' }).selectOption('no');
  await expect(page).toHaveURL(/paused=no/);
  const row = page
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/admin/series/${seriesId}"]`) });
  await expect(row).toContainText('Every week');
  await expect(row).toContainText('Maria Gonzalez');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('combobox', { name: 'Paused' }).selectOption('yes');
  await expect(page.getByText('No series match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Paused' }).selectOption('no');
  await row.getByRole('link', { name: 'Jordan Lindqvist' }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/series/${seriesId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jordan Lindqvist: every week');
  const visits = page.getByRole('region', { name: 'Visits' });
  await expect(visits.getByRole('row')).toHaveCount(3);
  await expect(visits).toContainText('Maria Gonzalez');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Amina works Tuesdays too, so both visits become hers.
  const card = page.getByRole('region', { name: 'Regular provider' });
  await card.getByRole('button', { name: 'Change provider' }).click();
  await expect(card.getByRole('alert')).toHaveText('Choose a provider from the list.');
  await card
    .getByRole('combobox', { name: 'Give the series to' })
    .selectOption({ label: 'Amina Hassan (provider2@example.com)' });
  await card.getByRole('button', { name: 'Change provider' }).click();
  // The consequence comes first; nothing changes until it is confirmed.
  const confirm = page.getByRole('alertdialog', { name: 'Change the regular provider?' });
  await expect(confirm).toContainText('Amina Hassan becomes the regular provider');
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(card).toContainText('Maria Gonzalez');
  await card.getByRole('button', { name: 'Change provider' }).click();
  await confirm.getByRole('button', { name: 'Confirm change' }).click();
  await expect(toast(page, 'Regular provider changed')).toBeVisible();
  await expect(card).toContainText('Amina Hassan');
  await expect(visits).not.toContainText('Maria Gonzalez');
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'Your regular cleaner is now Amina.',
  );

  // Pausing on the client's behalf: the consequence comes before the confirm button.
  const change = page.getByRole('region', { name: 'Pause or cancel' });
  await change.getByLabel('Pause until').fill(addDays(chicagoDate(new Date()), 12));
  await change.getByRole('button', { name: 'Review change' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm this change?' });
  await expect(dialog).toContainText('Your recurring cleaning is paused until');
  await expect(dialog).toContainText('will be canceled');
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(toast(page, 'Series changed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Series' })).toContainText('Paused until');
  await expect(visits).toContainText('Canceled');
});
