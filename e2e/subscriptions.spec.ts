import { expect, test } from '@playwright/test';
import { LOCAL_DECLINE_MESSAGE } from '@twinclean/shared/local-gateway';
import { SENIOR_DECLARATION } from '@twinclean/shared/subscriptions';
import { expectAccessible, fillCard, signInAsClient } from './client';
import { toast } from './helpers';
import {
  newClient,
  pickTomorrowAtTen,
  signInAsSubscriber,
  startHouseBooking,
  subscriptionCard,
} from './subscriber';

// Memberships (spec 2 "Subscription pages", §7, §8; DECISIONS.md "Subscriptions") against the
// real API and the LocalGateway. One booking of this file's own through the wizard: bookings are
// limited per address (20 an hour) and every browser test comes from 127.0.0.1, so it adds one.

const FEE_TERMS =
  'Canceling now charges the $100.00 early-cancellation fee to your Visa ending 4242 and ends your membership today.';

// One journey from sign-up to cancellation, with four accessibility scans: about 15 s alone,
// twice that beside another browser on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

let email = '';

test.beforeAll(async ({ baseURL }) => {
  email = await newClient(baseURL);
});

test('a pay-per-visit client subscribes to Standard with 4242, books at $25/hour with no deposit, then cancels inside the minimum term and pays the $100.00 fee', async ({
  page,
}) => {
  await signInAsSubscriber(page, email);
  await expect(subscriptionCard(page)).toContainText('Pay Per Visit');
  await subscriptionCard(page).click();

  // The plans, with what membership gives.
  await expect(page).toHaveURL(/\/client\/subscribe$/);
  await expect(page).toHaveTitle('Subscription | TwinClean');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  const plans = page.getByRole('list', { name: 'Plans' });
  await expect(plans.getByRole('article', { name: 'Standard' })).toContainText('$99.99/month');
  await expect(plans.getByRole('article', { name: 'Senior' })).toContainText('$50.00/month');
  const benefits = page.getByRole('region', { name: 'What membership gives you' });
  await expect(benefits).toContainText('$25.00/hour house cleaning instead of $45.00');
  await expect(benefits).toContainText('No deposit');
  await expect(benefits).toContainText('$100.00 early-cancellation fee');
  await expectAccessible(page);

  // Senior needs the self-declaration first.
  await page.getByRole('button', { name: 'Choose Senior' }).click();
  const declaration = page.getByRole('checkbox', { name: SENIOR_DECLARATION });
  await expect(declaration).toBeFocused();
  await expect(declaration).toHaveAccessibleDescription(
    'Please confirm this to choose the Senior plan.',
  );
  await expect(page).toHaveURL(/\/client\/subscribe$/);

  await page.getByRole('button', { name: 'Choose Standard' }).click();
  await expect(page).toHaveURL(/\/client\/subscribe\/checkout\?plan=standard$/);
  await expect(page.getByRole('heading', { name: 'Standard plan: $99.99/month' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'TEST MODE' })).toBeVisible();
  await expectAccessible(page);

  // A declined card says so and leaves the client as they were.
  const form = await fillCard(page, '4000 0000 0000 0002');
  await form.getByRole('button', { name: 'Pay $99.99' }).click();
  await expect(form.getByRole('alert').filter({ hasText: LOCAL_DECLINE_MESSAGE })).toBeVisible();
  await expect(toast(page, 'Payment Failed')).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Pay $99.99' }).click();
  await expect(toast(page, 'Subscription Activated!')).toBeVisible();
  await expect(page).toHaveURL(/\/client\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Active Subscription' })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Standard plan' });
  await expect(plan.getByText('Status: Active')).toBeVisible();
  await expect(plan).toContainText('$99.99/month');
  await expect(plan).toContainText('Renews on');
  await expect(plan).toContainText('Minimum term');
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText(
    'Visa ending in 4242',
  );
  await expectAccessible(page);

  // Subscribed already: a second checkout says so and goes to the dashboard, which shows it.
  await page.goto('/client/subscribe/checkout?plan=senior&declared=true');
  await expect(toast(page, 'Already Subscribed')).toBeVisible();
  await expect(page).toHaveURL(/\/client$/);
  await expect(subscriptionCard(page)).toContainText('Standard');

  // The member's price in the wizard: $25/hour, add-ons free, no deposit.
  await startHouseBooking(page);
  const estimate = page.getByRole('region', { name: 'Estimate' });
  await expect(estimate).toContainText('$25.00/hour');
  await expect(estimate).toContainText('No deposit');
  await pickTomorrowAtTen(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page).toHaveURL(/\/client\/bookings\/[0-9a-f-]{36}$/);
  await page.goto('/client');

  // Nothing to pay by hand: the visit is charged to the saved card 12 hours before it, which the
  // booking page says; paying early stays possible.
  const visit = page
    .getByRole('region', { name: 'Upcoming Bookings' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link') });
  await expect(visit).toContainText('Total $');
  await expect(visit).not.toContainText('Payment due');
  await visit.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'House Cleaning' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment Required' })).toHaveCount(0);
  const automatic = page.getByRole('region', { name: 'Automatic payment' });
  await expect(automatic).toContainText('will be charged to your Visa ending in 4242 on');
  await expect(automatic).toContainText('12 hours before your visit');
  await expect(automatic.getByRole('link', { name: /^Pay .* now instead$/ })).toHaveAttribute(
    'href',
    /\/client\/checkout\/[0-9a-f-]{36}\?option=full$/,
  );
  await expectAccessible(page);
  await page.goto('/client');

  // Canceling inside the minimum term: the fee and its card are said before the confirm button.
  await subscriptionCard(page).click();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toHaveAccessibleDescription(FEE_TERMS);
  const confirm = dialog.getByRole('button', { name: 'Confirm Cancellation' });
  const termsFirst = await dialog
    .getByText(FEE_TERMS)
    .evaluate(
      (terms, button) =>
        !!(terms.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
      await confirm.elementHandle(),
    );
  expect(termsFirst).toBe(true);
  await expectAccessible(page);
  await confirm.click();

  await expect(dialog).toBeHidden();
  const ended = page.getByRole('status').filter({ hasText: 'Your membership has ended.' });
  await expect(ended).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  await page.getByRole('link', { name: 'Skip for Now' }).click();
  await expect(page).toHaveURL(/\/client$/);
  await expect(subscriptionCard(page)).toContainText('Pay Per Visit');
});

test('an unknown plan says so and goes back to the plans; the plans fit a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsClient(page);
  await page.goto('/client/subscribe/checkout?plan=gold');
  await expect(toast(page, 'Invalid Plan')).toBeVisible();
  await expect(toast(page, 'Please select a valid subscription plan.')).toBeVisible();
  await expect(page).toHaveURL(/\/client\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});
