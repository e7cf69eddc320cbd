import { expect, type Page, request } from '@playwright/test';
import { ownAddress } from './client';
import { signIn } from './helpers';

// A pay-as-you-go client of the subscription test's own, made through the signup API: the demo
// client's membership (and the bookings other tests price) stay as seeded.

export const SUBSCRIBER_PASSWORD = 'member plan password';

/** A new, verified client with a phone (the wizard then asks nothing of them); their e-mail. */
export async function newClient(baseURL: string | undefined): Promise<string> {
  const api = await request.newContext({ baseURL });
  const email = `member.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  // From an address of its own: sign-ups are limited per address (10 an hour), and many tests
  // make a client.
  const signup = await api.post('/api/auth/signup', {
    headers: { 'X-Forwarded-For': ownAddress() },
    data: {
      email,
      password: SUBSCRIBER_PASSWORD,
      firstName: 'Mona',
      lastName: 'Berg',
      phone: '612-555-0177',
    },
  });
  expect(signup.status()).toBe(201);
  const { verificationCode } = (await signup.json()) as { verificationCode: string };
  const verified = await api.post('/api/auth/verify-email', {
    data: { email, code: verificationCode },
  });
  expect(verified.ok()).toBe(true);
  await api.dispose();
  return email;
}

export async function signInAsSubscriber(page: Page, email: string) {
  await signIn(page, email, SUBSCRIBER_PASSWORD);
  await expect(page).toHaveURL(/\/client$/);
}

/** The dashboard's subscription card's badge (spec 2: Standard, Senior or Pay Per Visit). */
export const subscriptionCard = (page: Page) =>
  page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /Subscription/ });

/**
 * A house cleaning through the wizard, the contact prefilled from the account, up to the
 * property step (the wizard's default rooms) with its estimate beside it.
 */
export async function startHouseBooking(page: Page) {
  await page.goto('/book');
  await expect(page.getByLabel('First name')).toHaveValue('Mona');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Street address').fill('2801 Irving Ave S');
  await page.getByLabel('City').fill('Minneapolis');
  await page.getByLabel('ZIP code').fill('55408');
}

/** The schedule step: tomorrow, in the form's own date format, at 10:00 AM. */
export async function pickTomorrowAtTen(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  const min = await page.getByLabel('Preferred date').getAttribute('min');
  const next = new Date(`${min}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  await page.getByLabel('Preferred date').fill(next.toISOString().slice(0, 10));
  await page.locator('label', { hasText: /^10:00 AM$/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
}
