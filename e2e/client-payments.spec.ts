import { expect, test } from '@playwright/test';
import { LOCAL_DECLINE_MESSAGE } from '@twinclean/shared/local-gateway';
import { formatDate } from '@twinclean/shared/schedule';
import {
  AUTHENTICATION_FAILED,
  book,
  bookingUrl,
  expectAccessible,
  fillCard,
  serverBooking,
  signInAsClient,
  statusBadge,
} from './client';
import { toast } from './helpers';

// Paying from the portal (spec 2 "Client checkout", §8, §9) with the LocalGateway's test cards,
// and the receipts.

test('a declined card leaves the booking unpaid; 4242 pays it and the status changes', async ({
  page,
}) => {
  await signInAsClient(page);
  const { id, price } = await book(page, 3);
  // Payable in full at any time, but nothing is asked for before a provider is assigned.
  await page.goto('/client');
  const card = page
    .getByRole('region', { name: 'Upcoming Bookings' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="/client/bookings/${id}"]`) });
  await expect(card).toContainText(`Total ${price}`);
  await expect(card).not.toContainText('Payment due');

  await page.goto(`/client/bookings/${id}`);
  await expect(statusBadge(page, 'Pending Assignment')).toBeVisible();
  const required = page.getByRole('region', { name: 'Payment Required' });
  await expect(required).toContainText('Pay in full');
  await expect(required).toContainText(price);
  await required.getByRole('link', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/checkout/${id}\\?option=full$`));

  // The LocalGateway's form says plainly that it is a test.
  await expect(page.getByRole('heading', { name: 'TEST MODE' })).toBeVisible();
  await expect(page.getByText(/No real card is charged/)).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
  await expectAccessible(page);

  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(form.getByLabel('Card number')).toHaveAccessibleDescription(
    'Card number is required',
  );

  await fillCard(page, '4000 0000 0000 0002');
  await form.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(form.getByRole('alert').filter({ hasText: LOCAL_DECLINE_MESSAGE })).toBeVisible();
  await expect(toast(page, 'Payment Failed')).toBeVisible();
  await expect(toast(page, LOCAL_DECLINE_MESSAGE)).toBeVisible();
  const declined = await serverBooking(page, id);
  expect(declined.amountPaid).toBe('0.00');
  expect(declined.status).toBe('pending_assignment');

  // Slowed (not changed) on its way, so the button's pending state can be seen.
  await page.route('**/api/local-gateway/intents/*/confirm', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await fillCard(page, '4242 4242 4242 4242');
  await form.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(form.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  const done = page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: 'Taking you back to your booking' });
  await expect(done).toBeFocused();
  const paidAt = Date.now();

  // Spec 2 §9: the booking page 2 seconds later, refreshed.
  await expect(page).toHaveURL(bookingUrl(id));
  expect(Date.now() - paidAt).toBeGreaterThan(1500);
  await expect(statusBadge(page, 'Fully Paid')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment Required' })).toHaveCount(0);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Payment in full');
  await expect(payments).toContainText(price);
  await expect(payments).toContainText('Card ending in 4242');

  // Nothing left to pay: checkout turns the client back (spec 2 §4).
  await page.goto(`/client/checkout/${id}`);
  await expect(toast(page, 'Already Paid')).toBeVisible();
  await expect(page).toHaveURL(bookingUrl(id));
});

test('4000 0025 0000 3155 asks to confirm the payment; Fail refuses it, Approve pays', async ({
  page,
}) => {
  await signInAsClient(page);
  const { id, price } = await book(page, 4);
  await page.goto(`/client/checkout/${id}`);
  const form = await fillCard(page, '4000 0025 0000 3155');
  await form.getByRole('button', { name: `Pay ${price}` }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Confirm this payment' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveAccessibleDescription(new RegExp(price.replace('$', '\\$')));
  // Focus is inside the step, so a keyboard or screen-reader user lands on its choices.
  await expect(confirm.locator(':focus')).toHaveCount(1);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Fail' }).click();
  await expect(confirm).toBeHidden();
  await expect(form.getByRole('alert')).toHaveText(AUTHENTICATION_FAILED);
  await expect(toast(page, 'Payment Failed')).toBeVisible();
  expect((await serverBooking(page, id)).amountPaid).toBe('0.00');

  // What was typed is still there: pay again and approve.
  await expect(form.getByLabel('Card number')).toHaveValue('4000 0025 0000 3155');
  await form.getByRole('button', { name: `Pay ${price}` }).click();
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(bookingUrl(id));
  await expect(statusBadge(page, 'Fully Paid')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Card ending in 3155');
});

test('invoices list the payments, each with a printable receipt', async ({ page }) => {
  await signInAsClient(page);
  const { id, price, scheduledDate } = await book(page, 8);
  await page.goto(`/client/checkout/${id}`);
  const form = await fillCard(page, '4242424242424242');
  await form.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(bookingUrl(id));

  await page.goto('/client/invoices');
  await expect(page).toHaveTitle('Invoices | TwinClean');
  const title = `Payment in full for House Cleaning on ${formatDate(scheduledDate)}`;
  const row = page.getByRole('listitem').filter({ hasText: title }).first();
  await expect(row).toContainText(price);
  await expectAccessible(page);
  await row.getByRole('link', { name: /View receipt/ }).click();

  const receipt = page.getByRole('article', { name: 'Payment receipt' });
  await expect(receipt).toContainText('TwinClean');
  await expect(receipt).toContainText('(612) 555-0123');
  await expect(receipt).toContainText(price);
  await expect(receipt).toContainText('Ending in 4242');
  await expect(receipt).toContainText(id);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // On paper: the receipt alone, without the site's header and footer or the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(receipt).toBeVisible();
});
