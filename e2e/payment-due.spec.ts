import { type APIRequest, expect, type Page, test } from '@playwright/test';
import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { formatDate } from '@twinclean/shared/schedule';
import { zipCentroidGeocoder } from '../api/src/adapters/geocoder';
import { PORT } from '../playwright.config';
import {
  book,
  bookingUrl,
  expectAccessible,
  fillCard,
  serverBooking,
  signInAsClient,
  statusBadge,
} from './client';
import { DEMO_PASSWORD } from './helpers';
import { BASE_URL, newProvider } from './phone';

// What the portal asks the client to pay, and when (spec 2 §4; DECISIONS.md "Payments"): the
// deposit once a provider is assigned; after it the balance, offered quietly until the visit;
// once the visit is done, the whole rest, never a deposit.

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

/** A fresh provider takes the job from the board; `punch` clocks in or out at its point. */
async function providerTakes(request: APIRequest, jobId: string) {
  const provider = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Origin: BASE_URL },
  });
  const login = await provider.post('/api/auth/login', {
    data: { email: await newProvider(), password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  expect((await provider.post(`/api/provider/job-board/${jobId}/accept`)).status()).toBe(200);
  return {
    punch: async (type: 'clock-in' | 'clock-out') => {
      const job = providerJobSchema.parse(
        await (await provider.get(`/api/provider/jobs/${jobId}`)).json(),
      );
      const point = await zipCentroidGeocoder().locate(job);
      const res = await provider.post(`/api/provider/${type}/${jobId}`, {
        data: { latitude: point?.latitude, longitude: point?.longitude, accuracy: 10 },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    dispose: () => provider.dispose(),
  };
}

/** The booking's card on the dashboard. */
const dashboardCard = (page: Page, id: string) =>
  page.getByRole('listitem').filter({ has: page.locator(`a[href="/client/bookings/${id}"]`) });

const shown = (dollars: string) => formatDollars(dollarsToCents(dollars));

test('the deposit is asked for once a provider is assigned; after it the balance waits quietly for the visit', async ({
  page,
  playwright,
}) => {
  await signInAsClient(page);
  const { id, price, scheduledDate } = await book(page, 9);
  const provider = await providerTakes(playwright.request, id);
  await provider.dispose();
  const { depositAmount, totalAmount } = await serverBooking(page, id);
  const deposit = shown(depositAmount);
  const balance = formatDollars(dollarsToCents(totalAmount) - dollarsToCents(depositAmount));

  await page.goto('/client');
  await expect(dashboardCard(page, id)).toContainText(`Payment due ${deposit}`);
  await page.goto(`/client/bookings/${id}`);
  const required = page.getByRole('region', { name: 'Payment Required' });
  await expect(required).toContainText(`Deposit${deposit}`);
  await expect(required).toContainText(`Pay in full${price}`);
  await required.getByRole('link', { name: 'Pay Now' }).click();
  const form = await fillCard(page, '4242 4242 4242 4242');
  await form.getByRole('button', { name: `Pay ${deposit}` }).click();
  await expect(page).toHaveURL(bookingUrl(id));

  // Deposit paid: nothing is required now; the balance is offered with when it is due.
  await expect(statusBadge(page, 'Deposit Paid')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment Required' })).toHaveCount(0);
  const rest = page.getByRole('region', { name: 'Balance' });
  await expect(rest).toContainText(`Remaining balance${balance}`);
  await expect(rest).toContainText(
    `Due when your visit on ${formatDate(scheduledDate)} is completed.`,
  );
  await expect(rest.getByRole('link', { name: `Pay ${balance} now` })).toHaveAttribute(
    'href',
    `/client/checkout/${id}?option=balance`,
  );
  await expectAccessible(page);
  // Paying it early is a checkout for the balance (not turned away as "Already Paid").
  await rest.getByRole('link', { name: `Pay ${balance} now` }).click();
  await expect(
    page
      .getByRole('form', { name: 'Card payment' })
      .getByRole('button', { name: `Pay ${balance}` }),
  ).toBeVisible();
  await page.goto('/client');
  await expect(dashboardCard(page, id)).toContainText('Total');
  await expect(dashboardCard(page, id)).not.toContainText('Payment due');
});

test('a visit done and unpaid owes the whole price, not a deposit', async ({
  page,
  playwright,
}) => {
  await signInAsClient(page);
  const { id, price } = await book(page, 10);
  const provider = await providerTakes(playwright.request, id);
  // Its day has come: the provider clocks in and out.
  await fetch(`${BACKSTAGE}/start-soon?booking=${id}`, { method: 'POST' });
  await provider.punch('clock-in');
  await provider.punch('clock-out');
  await provider.dispose();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/client/bookings/${id}`);
  await expect(statusBadge(page, 'Completed')).toBeVisible();
  const rest = page.getByRole('region', { name: 'Balance' });
  await expect(rest).toContainText(`Remaining balance${price}`);
  await expect(rest).toContainText('Due now: your visit is completed.');
  await expect(rest).not.toContainText('Deposit');
  await expect(rest.getByRole('link', { name: `Pay ${price} now` })).toHaveAttribute(
    'href',
    `/client/checkout/${id}?option=full`,
  );
  await expect(page.getByRole('region', { name: 'Payment Required' })).toHaveCount(0);
  // The server owes the same: no deposit can be paid on it.
  const intent = await page.request.post(`/api/bookings/${id}/create-payment-intent`, {
    headers: { Origin: BASE_URL },
    data: { option: 'deposit' },
  });
  expect(intent.status()).toBe(409);
  await expectAccessible(page);
  // On a phone the panel fits the screen: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
