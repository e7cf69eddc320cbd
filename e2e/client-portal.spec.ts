import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { clientBookingSchema } from '@twinclean/shared/client-bookings';
import { LOCAL_DECLINE_MESSAGE } from '@twinclean/shared/local-gateway';
import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { addDays, chicagoDate, formatDate } from '@twinclean/shared/schedule';
import { seedId } from '../api/db/seeds/demo-accounts';
import { signIn, toast } from './helpers';
import { BASE_URL, cancelBehindTheirBack } from './phone';

// The client portal (spec 2 "Client dashboard", "Client booking details", "Client checkout",
// §4, §5, §8, §9) against the real API and the LocalGateway. Each test books its own visit
// through the API as the demo client, so the demo data stays as seeded.

const CLIENT = 'client@example.com';
/** A booking of the standard subscriber's: the demo client must not see it. */
const SOMEONE_ELSES = seedId(109);
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

async function signInAsClient(page: Page) {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/client$/);
}

/** A new house cleaning for the signed-in client, `days` ahead at 10:00; its id and price. */
async function book(page: Page, days: number) {
  const scheduledDate = addDays(chicagoDate(new Date()), days);
  const res = await page.request.post('/api/bookings', {
    headers: { Origin: BASE_URL },
    data: {
      clientFirstName: 'Jordan',
      clientLastName: 'Lindqvist',
      clientEmail: CLIENT,
      clientPhone: '612-555-0141',
      address: '4420 Upton Ave S',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55410',
      homeSize: 'medium',
      squareFeet: null,
      numberOfFloors: 1,
      bedroomCount: 2,
      fullBathroomCount: 1,
      halfBathroomCount: 0,
      hasKitchen: true,
      hasLivingRoom: true,
      greenCleaning: false,
      scheduledDate,
      scheduledTime: '10:00',
    },
  });
  expect(res.status()).toBe(201);
  const { id, totalAmount } = (await res.json()) as { id: string; totalAmount: string };
  return { id, scheduledDate, price: formatDollars(dollarsToCents(totalAmount)) };
}

async function serverBooking(page: Page, id: string) {
  return clientBookingSchema.parse(await (await page.request.get(`/api/bookings/${id}`)).json());
}

async function fillCard(page: Page, cardNumber: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  return form;
}

/** No serious or critical accessibility problem in the page as it stands. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/**
 * A toast shown while a dialog is open: the page behind a modal (the toast region with it) is
 * hidden from screen readers then, so it is found by its text; the dialog says it too.
 */
const toastBehindDialog = (page: Page, text: string) =>
  page.locator('[role="region"] li').getByText(text, { exact: true });

const bookingUrl = (id: string) => new RegExp(`/client/bookings/${id}$`);

/** A status badge, as a screen reader reads it. */
const statusBadge = (scope: Page | Locator, label: string) =>
  scope.getByText(`Status: ${label}`, { exact: true });

test('the demo client sees upcoming and past bookings and opens one', async ({ page }) => {
  await signInAsClient(page);
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: 'Welcome back, Jordan!' }),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/book');
  await expect(main.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: /Subscription/ })).toHaveAttribute(
    'href',
    '/client/subscribe',
  );
  await expect(account.getByRole('link', { name: /Subscription/ })).toContainText('Pay Per Visit');
  await expect(account.getByRole('link', { name: /Payment Methods/ })).toHaveAttribute(
    'href',
    '/client/payment-methods',
  );
  await expect(account.getByRole('link', { name: /Invoices/ })).toHaveAttribute(
    'href',
    '/client/invoices',
  );

  // Seeded: visits in the coming days; one completed 3 days ago and one canceled.
  const upcoming = page.getByRole('region', { name: 'Upcoming Bookings' });
  const past = page.getByRole('region', { name: 'Past Bookings' });
  await expect(upcoming.getByRole('link').first()).toBeVisible();
  await expect(statusBadge(past, 'Completed').first()).toBeVisible();
  await expect(statusBadge(past, 'Canceled').first()).toBeVisible();
  await expect(statusBadge(upcoming, 'Completed')).toHaveCount(0);
  await expectAccessible(page);

  const first = upcoming.getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/client\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name.split(' on ')[0] ?? '');
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule).toContainText(name.split(' on ')[1] ?? '');
  await expect(page.getByRole('region', { name: 'Price' })).toContainText('Total');
  await expectAccessible(page);
});

test('a declined card leaves the booking unpaid; 4242 pays it and the status changes', async ({
  page,
}) => {
  await signInAsClient(page);
  const { id, price } = await book(page, 3);
  await page.goto('/client');
  await expect(
    page
      .getByRole('region', { name: 'Upcoming Bookings' })
      .getByText(`Payment due ${price}`)
      .first(),
  ).toBeVisible();

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

test('canceling needs a reason and shows the terms first; a failed request keeps the reason', async ({
  page,
  context,
}) => {
  await signInAsClient(page);
  const { id, scheduledDate } = await book(page, 5);
  await page.goto(`/client/bookings/${id}`);
  await page
    .getByRole('region', { name: 'Manage Booking' })
    .getByRole('button', { name: 'Cancel Booking' })
    .click();

  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  // More than 24 hours ahead and nothing paid: free, said before the button that confirms.
  await expect(dialog).toHaveAccessibleDescription('Canceling now is free.');
  const termsBeforeConfirm = await dialog.evaluate((root) => {
    const terms = Array.from(root.querySelectorAll('p')).find(
      (p) => p.textContent === 'Canceling now is free.',
    );
    const confirm = Array.from(root.querySelectorAll('button')).find(
      (b) => b.textContent === 'Confirm Cancellation',
    );
    return Boolean(
      terms && confirm && terms.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
  expect(termsBeforeConfirm).toBe(true);
  await expect(dialog.getByLabel('Reason for canceling')).toBeFocused();
  await expectAccessible(page);

  const reason = dialog.getByLabel('Reason for canceling');
  const confirm = dialog.getByRole('button', { name: 'Confirm Cancellation' });
  await confirm.click();
  await expect(reason).toHaveAccessibleDescription('Reason is required');
  await reason.fill('   ');
  await confirm.click();
  await expect(reason).toHaveAccessibleDescription('Reason is required');
  await expect(dialog).toBeVisible();

  // The request never reaches the server: the spec's fallback, and nothing typed is lost.
  await reason.fill('We are moving to Duluth.');
  await context.setOffline(true);
  await confirm.click();
  await expect(toastBehindDialog(page, 'Cancellation Failed')).toBeVisible();
  await expect(toastBehindDialog(page, 'Failed to cancel booking')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to cancel booking');
  await expect(reason).toHaveValue('We are moving to Duluth.');
  expect((await serverBooking(page, id)).status).toBe('pending_assignment');

  await context.setOffline(false);
  await confirm.click();
  await expect(toast(page, 'Booking Canceled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(statusBadge(page, 'Canceled')).toBeVisible();
  const details = page.getByRole('region', { name: 'Cancellation details' });
  await expect(details).toContainText('We are moving to Duluth.');
  await expect(details).toContainText('$0.00');
  await expect(page.getByRole('region', { name: 'Manage Booking' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payment Required' })).toHaveCount(0);

  // On the dashboard it is a past booking now.
  await page.goto('/client');
  await expect(
    page
      .getByRole('region', { name: 'Past Bookings' })
      .getByRole('link', { name: `House Cleaning on ${formatDate(scheduledDate)}`, exact: true }),
  ).toBeVisible();
});

test('rescheduling needs a date and a time; the visit moves, and a refusal keeps the choice', async ({
  page,
}) => {
  await signInAsClient(page);
  const { id, scheduledDate } = await book(page, 6);
  const newDate = addDays(scheduledDate, 1);
  await page.goto(`/client/bookings/${id}`);
  const manage = page.getByRole('region', { name: 'Manage Booking' });
  await manage.getByRole('button', { name: 'Reschedule' }).click();

  const dialog = page.getByRole('dialog', { name: 'Reschedule booking' });
  const date = dialog.getByLabel('New date');
  const time = dialog.getByLabel('New time');
  const confirm = dialog.getByRole('button', { name: 'Confirm New Time' });
  await expect(date).toBeFocused();
  await confirm.click();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  // Not before today (a past day's times cannot be picked, so the time comes first).
  await time.selectOption('14:00');
  await date.fill(addDays(chicagoDate(new Date()), -1));
  await confirm.click();
  await expect(date).toHaveAccessibleDescription('Choose a date from today up to 30 days ahead.');

  await date.fill(newDate);
  await confirm.click();
  await expect(toast(page, 'Booking Rescheduled')).toBeVisible();
  await expect(dialog).toBeHidden();
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule).toContainText(formatDate(newDate));
  await expect(schedule).toContainText('2:00 PM');
  const moved = await serverBooking(page, id);
  expect([moved.scheduledDate, moved.scheduledTime]).toEqual([newDate, '14:00']);

  // Canceled meanwhile (by the office): the server refuses, in its words; the choice stays.
  await manage.getByRole('button', { name: 'Reschedule' }).click();
  await date.fill(addDays(newDate, 1));
  await time.selectOption('09:00');
  await cancelBehindTheirBack(id);
  await confirm.click();
  await expect(toastBehindDialog(page, 'Reschedule Failed')).toBeVisible();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).not.toHaveText('Failed to reschedule booking');
  await expect(refusal).toContainText('canceled');
  await expect(date).toHaveValue(addDays(newDate, 1));
  await expect(time).toHaveValue('09:00');
});

test("another client's booking, or no booking at all, is Booking Not Found", async ({ page }) => {
  await signInAsClient(page);
  for (const id of [SOMEONE_ELSES, 'not-a-booking']) {
    await page.goto(`/client/bookings/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Booking Not Found | TwinClean');
  }
  await page.goto(`/client/checkout/${SOMEONE_ELSES}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/client$/);
});

test('on a phone, the portal fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsClient(page);
  const { id } = await book(page, 7);
  for (const path of ['/client', `/client/bookings/${id}`, `/client/checkout/${id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path.includes('checkout')) await expect(page.getByLabel('Card number')).toBeVisible();
    else
      await expect(
        page
          .getByRole('link')
          .filter({ hasText: /House Cleaning|Pay Now/ })
          .first(),
      ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
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
