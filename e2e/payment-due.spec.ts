import { expect, type Page, test } from '@playwright/test';
import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { formatDate } from '@twinclean/shared/schedule';
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
import { BASE_URL } from './phone';
import { providerWhoTook } from './provider-api';

// What the portal asks the client to pay, and when (spec 2 §4; DECISIONS.md "Payments"): the
// deposit once a provider is assigned; after it the balance, offered quietly until the visit;
// once the visit is done, the whole rest, never a deposit.

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

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
  const provider = await providerWhoTook(playwright.request, id);
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
  const provider = await providerWhoTook(playwright.request, id);
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
