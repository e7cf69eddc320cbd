import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  expect,
  type Locator,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { REFERRAL_REFUSALS } from '@twinclean/shared/referrals';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { createKnex } from '../api/src/db/connection';
import { PORT } from '../playwright.config';
import { appPlace } from './chaos/app-place';
import { ownAddress } from './client';
import { signIn } from './helpers';
import { BASE_URL } from './phone';

// Issue 34, the admin side of referrals: one client referred two friends. One booked through
// the link (the welcome credit off the booking) and waits for the first visit; the other, at the
// referrer's own e-mail domain, was refused (written to the table as the booking service writes
// a refusal). The owner reads both on /admin/referrals with the rule's words, opens the booking
// (its price shows the credit) and filters them; staff read them too.

const PASSWORD = 'referral test password';

/** A new, verified client made through the signup API at `domain`; their e-mail. */
async function newClient(
  api: APIRequestContext,
  firstName: string,
  lastName: string,
  domain: string,
) {
  const email = `${firstName}.${lastName}.${randomUUID().slice(0, 6)}@${domain}`.toLowerCase();
  const signup = await api.post('/api/auth/signup', {
    headers: { 'X-Forwarded-For': ownAddress() },
    data: { email, password: PASSWORD, firstName, lastName, phone: '612-555-0163' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { verificationCode } = (await signup.json()) as { verificationCode: string };
  const verified = await api.post('/api/auth/verify-email', {
    data: { email, code: verificationCode },
  });
  expect(verified.ok()).toBe(true);
  return email;
}

/** A session of the client's own (their cookies), signed in through the API. */
async function signedIn(email: string) {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await api.post('/api/auth/login', {
    headers: { Origin: BASE_URL },
    data: { email, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/** The referred client's first house cleaning, booked through the referrer's link; its id. */
async function bookThroughLink(api: APIRequestContext, email: string, referralCode: string) {
  const booked = await api.post('/api/bookings', {
    headers: { Origin: BASE_URL, 'X-Forwarded-For': ownAddress() },
    data: {
      clientFirstName: 'Wes',
      clientLastName: 'Walker',
      clientEmail: email,
      clientPhone: '612-555-0163',
      address: '3017 Holmes Ave S',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55408',
      homeSize: 'medium',
      squareFeet: null,
      numberOfFloors: 1,
      bedroomCount: 2,
      fullBathroomCount: 1,
      halfBathroomCount: 0,
      hasKitchen: true,
      hasLivingRoom: true,
      greenCleaning: false,
      scheduledDate: addDays(chicagoDate(new Date()), 8),
      scheduledTime: '13:00',
      referralCode,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const answer = (await booked.json()) as { id: string; creditAmount: string };
  expect(answer.creditAmount).toBe('20.00');
  return answer.id;
}

test('the owner reads who referred whom, the credit given and why one was refused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const knex = createKnex(appPlace(PORT).databaseUrl);
  const tag = randomUUID().slice(0, 6);
  try {
    const referrerEmail = await newClient(request, 'Rhea', `Referrer${tag}`, 'example.org');
    const waitingEmail = await newClient(request, 'Wes', `Walker${tag}`, 'example.net');
    const refusedEmail = await newClient(request, 'Ross', `Rowe${tag}`, 'example.org');
    const referrer = await signedIn(referrerEmail);
    const credits = await referrer.get('/api/client/credits');
    expect(credits.status(), await credits.text()).toBe(200);
    const { referralCode } = (await credits.json()) as { referralCode: string };
    await referrer.dispose();
    const waiting = await signedIn(waitingEmail);
    const bookingId = await bookThroughLink(waiting, waitingEmail, referralCode);
    await waiting.dispose();
    const ids = await knex('users').whereIn('email', [referrerEmail, refusedEmail]);
    const idOf = (email: string) => ids.find((u) => u.email === email)?.id as string;
    await knex('referrals').insert({
      referrerId: idOf(referrerEmail),
      referredId: idOf(refusedEmail),
      refusedReason: 'same_email_domain',
    });

    await signIn(page, 'owner@example.com');
    await expect(page).toHaveURL(/\/admin$/);
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Referrals' })
      .click();
    await expect(page.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
    const totals = page.getByRole('region', { name: 'Referral totals' });
    for (const label of [
      'Referrals',
      'Credited',
      'Refused',
      'Credit given',
      'Credit outstanding',
    ]) {
      await expect(totals.getByText(label, { exact: true })).toBeVisible();
    }

    const waitingRow = page.getByRole('row', { name: new RegExp(`Walker${tag}`) });
    await expect(waitingRow).toContainText(`Rhea Referrer${tag}`);
    // The Status column (the rows' names hold no status word, so only that cell can match).
    const statusOf = (row: Locator) => row.getByRole('cell').nth(2);
    await expect(statusOf(waitingRow)).toContainText('Waiting');
    await expect(waitingRow).toContainText('$20.00');
    const refusedRow = page.getByRole('row', { name: new RegExp(`Rowe${tag}`) });
    await expect(statusOf(refusedRow)).toContainText('Refused');
    await expect(refusedRow).toContainText(`Rhea Referrer${tag}`);
    await expect(refusedRow).toContainText(REFERRAL_REFUSALS.same_email_domain);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

    // The first booking, credited: its price shows the referral credit as its own line.
    await waitingRow.getByRole('link', { name: `First booking of Wes Walker${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`));
    const price = page.getByRole('region', { name: 'Price' });
    await expect(price.getByText('Referral credit', { exact: true })).toBeVisible();
    await expect(price).toContainText('−$20.00');
    await page.goBack();

    await page.getByLabel('Status').selectOption('refused');
    await expect(page).toHaveURL(/status=refused/);
    await expect(refusedRow).toBeVisible();
    await expect(waitingRow).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Staff read the same page.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'staff@example.com');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/referrals');
    await expect(refusedRow.or(waitingRow).first()).toBeVisible();
  } finally {
    await knex.destroy();
  }
});
