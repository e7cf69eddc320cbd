import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { clientBookingSchema } from '@twinclean/shared/client-bookings';
import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { seedId } from '../api/db/seeds/demo-accounts';
import { signIn } from './helpers';
import { BASE_URL } from './phone';

// What the client-portal browser tests share (client-portal.spec.ts, client-payments.spec.ts):
// each test books its own visit through the API as the demo client, so the demo data stays as
// seeded.

export const CLIENT = 'client@example.com';
/** A booking of the standard subscriber's: the demo client must not see it. */
export const SOMEONE_ELSES = seedId(109);
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export async function signInAsClient(page: Page) {
  await signIn(page, CLIENT);
  await expect(page).toHaveURL(/\/client$/);
}

/** A new house cleaning for the signed-in client, `days` ahead at 10:00; its id and price. */
/**
 * An address of its own for a call (the test server trusts the proxy header): sign-ups and
 * bookings are rate limited per address, and the browser tests share 127.0.0.1's budget.
 */
export const ownAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

export async function book(page: Page, days: number) {
  const scheduledDate = addDays(chicagoDate(new Date()), days);
  const res = await page.request.post('/api/bookings', {
    headers: { Origin: BASE_URL, 'X-Forwarded-For': ownAddress() },
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

export async function serverBooking(page: Page, id: string) {
  return clientBookingSchema.parse(await (await page.request.get(`/api/bookings/${id}`)).json());
}

export async function fillCard(page: Page, cardNumber: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  return form;
}

/** No serious or critical accessibility problem in the page as it stands. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/**
 * A toast shown while a dialog is open: the page behind a modal (the toast region with it) is
 * hidden from screen readers then, so it is found by its text; the dialog says it too.
 */
export const toastBehindDialog = (page: Page, text: string) =>
  page.locator('[role="region"] li').getByText(text, { exact: true });

export const bookingUrl = (id: string) => new RegExp(`/client/bookings/${id}$`);

/** A status badge, as a screen reader reads it. */
export const statusBadge = (scope: Page | Locator, label: string) =>
  scope.getByText(`Status: ${label}`, { exact: true });
