import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import pg from 'pg';
import { PORT } from '../playwright.config';
import { expectAccessible } from './client';
import { e2eDatabaseUrl } from './database-place';
import { signIn, toast } from './helpers';
import { BASE_URL, newProvider } from './phone';

// The admin booking details page (DECISIONS.md "Admin operations"), in one visit to keep CI
// short: from the carpet list to the booking, a provider assigned from the menu, the final price
// confirmed, and the deposit link the client is e-mailed for it.

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

test('staff assigns a guest’s carpet cleaning and confirms its price; the deposit link follows', async ({
  page,
}) => {
  // A guest books through the API, as the carpet form does: 2 bedrooms and a living room, $225.
  const email = `carpet-${randomUUID()}@example.com`;
  const booked = await page.request.post('/api/bookings/carpet', {
    headers: { Origin: BASE_URL },
    data: {
      firstName: 'Ingrid',
      lastName: 'Solberg',
      email,
      phone: '612-555-0177',
      address: '2100 Lyndale Ave S',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55405',
      bedrooms: 2,
      livingRooms: 1,
      stairs: 0,
      greenCleaning: false,
      scheduledDate: addDays(chicagoDate(new Date()), 3),
      scheduledTime: '10:00',
    },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  const provider = await newProvider();

  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/carpet-bookings?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: 'Ingrid Solberg' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Carpet Cleaning: Ingrid Solberg' }),
  ).toBeVisible();
  await expect(page.getByText('Status: Pending Assignment')).toBeAttached();
  await expectAccessible(page);

  // Assigned from the provider menu.
  const assign = page.getByRole('form', { name: 'Assign provider' });
  await assign.getByLabel('Assign to').selectOption({ label: `Jo Fresh (${provider})` });
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(toast(page, 'Provider assigned')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Provider' })).toContainText(provider);
  await expect(page.getByRole('form', { name: 'Reassign provider' })).toBeVisible();

  // The estimate becomes the final price: 40% of $180.00 is the deposit asked for.
  const price = page.getByRole('form', { name: 'Confirm final price' });
  await expect(price.getByLabel('Final price ($)')).toHaveValue('225.00');
  await price.getByLabel('Final price ($)').fill('180');
  await price.getByRole('button', { name: 'Confirm Final Price' }).click();
  await expect(toast(page, 'Final Price Confirmed')).toBeVisible();
  await expect(page.getByText('Status: Pending Deposit')).toBeAttached();
  await expect(page.getByRole('region', { name: 'Pay link' })).toContainText('Deposit: $72.00');

  // The client's e-mail carries the link; it opens without signing in, on the deposit.
  let link = '';
  await expect
    .poll(async () => {
      const res = await fetch(
        `${BACKSTAGE}/latest?to=${encodeURIComponent(email)}&template=payment_request`,
      );
      const text = await res.text();
      link = /\/pay\/[\w-]+/.exec(text)?.[0] ?? '';
      return text;
    })
    .toContain('$72.00');
  await page.goto(link);
  const choices = page.getByRole('group', { name: 'What would you like to pay?' });
  await expect(choices.getByRole('radio', { name: /^Deposit/ })).toBeChecked();
  await expect(choices.locator('label', { hasText: 'Deposit' })).toContainText('$72.00');
});

/** `count` canceled house cleanings of last year for clients named `surname`; removes them after. */
async function withPastBookings(surname: string, count: number, run: () => Promise<void>) {
  const db = new pg.Client({ connectionString: e2eDatabaseUrl(PORT) });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO bookings (service_type, client_first_name, client_last_name, client_email,
         client_phone, address, city, state, zip_code, latitude, longitude, geocode_precision,
         scheduled_date, scheduled_time, scheduled_at, subscription_type, base_hours, total_hours,
         hourly_rate_cents, base_amount_cents, total_amount_cents, deposit_amount_cents,
         price_is_final, green_cleaning, canceled_at, cancellation_reason)
       SELECT 'house', 'Client ' || n, $1, 'past' || n || '@example.com', '612-555-0100',
         '100 Lyndale Ave S', 'Minneapolis', 'MN', '55408', 44.9466, -93.2862, 'zip',
         DATE '2025-03-03', '09:00', TIMESTAMPTZ '2025-03-03 09:00 America/Chicago', 'none', 2, 2,
         4500, 9000, 9000, 3600, true, false, TIMESTAMPTZ '2025-03-01 09:00 America/Chicago',
         'Old record'
       FROM generate_series(1, $2) AS n`,
      [surname, count],
    );
    await run();
  } finally {
    await db.query('DELETE FROM bookings WHERE client_last_name = $1', [surname]);
    await db.end();
  }
}

test('a search matching more than a thousand bookings says so, and pages on to an exact count', async ({
  page,
}) => {
  const surname = `Broadsearch${randomUUID().slice(0, 8)}`;
  await withPastBookings(surname, 1_010, async () => {
    await signIn(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/bookings?q=${surname}`);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager).toContainText('1–25 of more than 1,000');
    await expect(pager).toContainText('Page 1 of more than 40');
    await page.goto(`/admin/bookings?q=${surname}&page=40`);
    await expect(pager).toContainText('976–1,000 of more than 1,000');
    await pager.getByRole('button', { name: 'Next' }).click();
    // Counted on past the page asked for: the last page knows the total.
    await expect(pager).toContainText('1,001–1,010 of 1,010');
    await expect(pager).toContainText('Page 41 of 41');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expectAccessible(page);
  });
});
