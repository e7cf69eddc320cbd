import { randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { chicagoInstant } from '@twinclean/shared/schedule';
import pg from 'pg';
import { PORT } from '../playwright.config';
import { book, expectAccessible, signInAsClient } from './client';
import { e2eDatabaseUrl } from './database-place';
import { signIn } from './helpers';
import { BASE_URL } from './phone';

test.use({ viewport: { width: 1280, height: 800 } });

/** A payment the demo client makes through the app: the card form's route records it. */
async function pay(page: Page) {
  const { id } = await book(page, 4);
  const opened = await page.request.post(`/api/bookings/${id}/create-payment-intent`, {
    headers: { Origin: BASE_URL },
    data: {},
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const intent = (await opened.json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await page.request.post(
    `/api/local-gateway/intents/${intent.paymentIntentId}/confirm`,
    {
      headers: { Origin: BASE_URL },
      data: {
        clientSecret: intent.clientSecret,
        cardNumber: TEST_CARDS.succeeds,
        expiry: '12/40',
        cvc: '123',
      },
    },
  );
  expect(paid.status(), await paid.text()).toBe(200);
  return intent.paymentIntentId;
}

test('an admin sees "No differences" for a consistent day, then the ledger row edited behind the app', async ({
  page,
  browser,
}) => {
  const db = new pg.Client({ connectionString: e2eDatabaseUrl(PORT) });
  await db.connect();
  try {
    const client = await browser.newContext({ baseURL: BASE_URL });
    const clientPage = await client.newPage();
    await signInAsClient(clientPage);
    const intentId = await pay(clientPage);
    await client.close();

    // A day of its own, far ahead, so the other browser tests' payments never meet it.
    const day = `2040-${String(randomInt(1, 13)).padStart(2, '0')}-${String(randomInt(1, 29)).padStart(2, '0')}`;
    const noon = chicagoInstant(day, '12:00');
    await db.query('UPDATE payments SET created_at = $1 WHERE gateway_payment_id = $2', [
      noon,
      intentId,
    ]);
    await db.query('UPDATE local_gateway_intents SET created_at = $1 WHERE id = $2', [
      noon,
      intentId,
    ]);

    await signIn(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/admin$/);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();

    // From and To by keyboard, sent with Enter.
    const form = page.getByRole('form', { name: 'Days to check' });
    await form.getByLabel('From').fill(day);
    await form.getByLabel('To').fill(day);
    await form.getByLabel('To').press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
    await expect(
      page.getByText('Checked 1 payment and 0 refunds with the test gateway.'),
    ).toBeVisible();
    await expect(page.getByText('No differences')).toBeVisible();
    await expectAccessible(page);

    // The ledger's amount edited in the database: the check lists it, both amounts side by side.
    await db.query(
      'UPDATE payments SET amount_cents = amount_cents - 1000 WHERE gateway_payment_id = $1',
      [intentId],
    );
    // Check again, same days: a fresh check, not the answer kept from before.
    await form.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('1 difference to look into')).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    const row = rows.nth(1);
    await expect(row.getByRole('rowheader')).toContainText('Amounts differ');
    await expect(row).toContainText(intentId);
    await expect(row).toContainText(/\$\d+\.\d{2}/);
    await expect(page.getByText('No differences')).toHaveCount(0);
    await expectAccessible(page);

    // Days out of order are refused in the form, with what to fix.
    await form.getByLabel('From').fill('2040-12-31');
    await form.getByLabel('To').fill('2040-01-01');
    await form.getByRole('button', { name: 'Check' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'The start date must be on or before the end date',
    );
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
  } finally {
    await db.end();
  }
});
