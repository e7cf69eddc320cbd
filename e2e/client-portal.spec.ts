import { expect, type Page, test } from '@playwright/test';
import { addDays, chicagoDate, formatDate } from '@twinclean/shared/schedule';
import {
  book,
  expectAccessible,
  SOMEONE_ELSES,
  serverBooking,
  signInAsClient,
  statusBadge,
  toastBehindDialog,
} from './client';
import { toast } from './helpers';
import { cancelBehindTheirBack } from './phone';

// The client portal (spec 2 "Client dashboard", "Client booking details", §4, §5, §8) against the
// real API: the lists, a booking's page, canceling and rescheduling.

/** The dashboard's Canceled group and the button that opens and closes it. */
function canceledGroup(page: Page) {
  const region = page.getByRole('region', { name: /^Canceled Bookings/ });
  return { region, toggle: region.getByRole('button', { name: /^Canceled Bookings/ }) };
}

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
  await expect(statusBadge(upcoming, 'Completed')).toHaveCount(0);
  // Canceled ones are neither upcoming nor past: their own group, collapsed until asked for.
  await expect(statusBadge(past, 'Canceled')).toHaveCount(0);
  await expect(statusBadge(upcoming, 'Canceled')).toHaveCount(0);
  const canceled = canceledGroup(page);
  await expect(canceled.toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(statusBadge(canceled.region, 'Canceled')).toHaveCount(0);
  await expectAccessible(page);
  await canceled.toggle.focus();
  await page.keyboard.press('Enter');
  await expect(canceled.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(statusBadge(canceled.region, 'Canceled').first()).toBeVisible();
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
  // Nobody is coming any more, and the page does not say someone is being found.
  const visit = page.getByRole('region', { name: 'Your visit' });
  await expect(visit).toContainText('None: this booking was canceled.');
  await expect(visit).not.toContainText('assigning');

  // On the dashboard: neither upcoming (though its date is ahead) nor past, but canceled.
  await page.goto('/client');
  const link = `House Cleaning on ${formatDate(scheduledDate)}`;
  const canceled = canceledGroup(page);
  await canceled.toggle.click();
  await expect(canceled.region.getByRole('link', { name: link, exact: true })).toBeVisible();
  for (const list of ['Upcoming Bookings', 'Past Bookings']) {
    await expect(
      page.getByRole('region', { name: list }).locator(`a[href="/client/bookings/${id}"]`),
    ).toHaveCount(0);
  }
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
