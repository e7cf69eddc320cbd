import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
  PAYOUT_ACCOUNT_SAVED_MESSAGE,
  TEST_BANK_ACCOUNTS,
  TEST_ROUTING_NUMBER,
} from '@twinclean/shared/payout-accounts';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { createKnex } from '../api/src/db/connection';
import { mondayOf } from '../api/src/modules/payout-transfers/week-schedule';
import { PORT } from '../playwright.config';
import { appPlace } from './chaos/app-place';
import { signIn, toast } from './helpers';
import { acceptNewJob, BASE_URL, newProvider, standAtJob } from './phone';

// Issue 33 end to end: a new provider connects a (test-mode) payout account in the provider app,
// works a job, and once Monday's run has paid the week (`npm run payouts:run`, the workers'
// schedule run by hand) sees the transfer on the week's statement; the owner sees it too.

const run = promisify(execFile);

async function expectAccessible(page: Page) {
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
}

test('a provider connects a payout account, works a job, and sees Monday’s transfer', async ({
  browser,
  page: owner,
}) => {
  // Two people, a form, a job clocked in and out, a run in a process of its own and a PDF.
  test.setTimeout(150_000);
  const place = appPlace(PORT);
  const knex = createKnex(place.databaseUrl);
  const provider = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 375, height: 800 },
    permissions: ['geolocation'],
    serviceWorkers: 'block',
  });
  try {
    const phone = await provider.newPage();
    const job = await acceptNewJob(phone, await newProvider());
    const { id: providerId } = await (await phone.request.get('/api/auth/user')).json();

    // My Earnings: no account yet, so no transfer is planned.
    await phone.goto('/provider/payouts');
    await expect(phone.getByRole('heading', { name: 'My Earnings' })).toBeVisible();
    const card = phone.getByRole('region', { name: 'Payout account' });
    await expect(card).toContainText('Not connected');
    await expect(phone.getByText('Needs a payout account')).toBeVisible();
    await card.getByRole('button', { name: 'Set up payout account' }).click();
    await expect(phone).toHaveURL(/\/provider\/payouts\/account$/);

    const form = phone.getByRole('form', { name: 'Payout account details' });
    await form.getByLabel('Legal name').fill('Jo Fresh');
    await form.getByLabel('Street address').fill('3100 Lyndale Ave S');
    await form.getByLabel('City').fill('Minneapolis');
    await form.getByLabel('State').fill('mn');
    await form.getByLabel('ZIP code').fill('55408');
    await form.getByLabel('Tax ID type').selectOption('ssn');
    await form.getByLabel('SSN or EIN').fill('123-45-6789');
    await form.getByLabel('Routing number').fill(TEST_ROUTING_NUMBER);
    // Not one of the test bank accounts: refused under its field, and everything typed stays.
    await form.getByLabel('Account number').fill('000999999999');
    await form.getByRole('button', { name: 'Save payout account' }).click();
    await expect(form.getByText(LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE).first()).toBeVisible();
    await expect(form.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Legal name')).toHaveValue('Jo Fresh');
    await expectAccessible(phone);
    await form.getByLabel('Account number').fill(TEST_BANK_ACCOUNTS.succeeds);
    await form.getByRole('button', { name: 'Save payout account' }).click();
    await expect(toast(phone, PAYOUT_ACCOUNT_SAVED_MESSAGE)).toBeVisible();
    await expect(phone).toHaveURL(/\/provider\/payouts$/);
    await expect(card).toContainText('Connected · bank ••6789');
    // The TIN is kept sealed: only its last four are readable in the database.
    const tax = await knex('providerTaxDetails').where({ providerId }).first();
    expect(tax).toMatchObject({ tinKind: 'ssn', tinLast4: '6789' });
    expect(tax.tinSealed).not.toContain('6789');

    // The day's work, in the app: clocked in and out at the job.
    await standAtJob(provider, job);
    await phone.goto(`/provider/jobs/${job.id}`);
    await phone.getByRole('button', { name: 'Clock In' }).click();
    await expect(toast(phone, 'Clocked In')).toBeVisible();
    // A visit's worth of work, not the seconds the test takes: the clock-in moved back by the
    // job's booked hours (the server pays from its own record of the clock-in).
    await knex('bookings')
      .where({ id: job.id })
      .update({ clockInAt: knex.raw("clock_in_at - total_hours * interval '1 hour'") });
    await phone.getByRole('button', { name: 'Clock Out' }).click();
    await expect(toast(phone, 'Clocked Out')).toBeVisible();
    await expect
      .poll(async () => (await knex('payouts').where({ providerId }))[0]?.status ?? null)
      .toBe('pending');

    // Monday comes: the work is moved into last week (the run pays the week before its own) and
    // the weekly run, as the workers start it on Monday morning, pays it in a process of its own.
    const lastMonday = addDays(mondayOf(chicagoDate(new Date())), -7);
    const workedAt = new Date(`${addDays(lastMonday, 2)}T18:00:00Z`);
    await knex('payouts').where({ providerId }).update({ createdAt: workedAt });
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'api/src/cli/run-payouts.ts', '--week', lastMonday],
      { env: { ...process.env, DATABASE_URL: place.databaseUrl, NODE_ENV: 'test' } },
    );
    expect(stdout).toContain(`Week of ${lastMonday}:`);
    // Once, whoever sent it: the server's own workers sweep every 5 minutes and may beat the run.
    const transfers = await knex('payoutTransfers').where({ providerId });
    expect(transfers).toMatchObject([{ weekStart: lastMonday, status: 'paid' }]);
    const [payout] = await knex('payouts').where({ providerId });
    expect(payout).toMatchObject({ status: 'paid', transferId: transfers[0].id });
    expect(transfers[0].amountCents).toBe(payout.totalAmountCents);
    const amount = `$${(payout.totalAmountCents / 100).toFixed(2)}`;

    // The provider's week: sent, with its arrival, and the statement's PDF.
    await phone.goto('/provider/payouts');
    const weeks = phone.getByRole('region', { name: 'Weekly statements' });
    const week = weeks.getByRole('listitem').first();
    await expect(week).toContainText(`Transfer ${amount}: Sent · Arrives by`);
    await week.getByRole('link').click();
    await expect(phone).toHaveURL(new RegExp(`/provider/payouts/statements/${lastMonday}$`));
    await expect(phone.getByRole('heading', { level: 1 })).toContainText(
      'Statement for the week of',
    );
    await expect(phone.getByRole('main')).toContainText(job.address);
    await expect(phone.getByRole('main')).toContainText('Sent');
    await expect(phone.getByRole('main')).toContainText(amount);
    await expectAccessible(phone);
    const pdf = await phone.request.get(`/api/provider/statements/${lastMonday}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // The owner: the transfer in the list, and the provider's year so far.
    await owner.setViewportSize({ width: 1280, height: 800 });
    await signIn(owner, 'owner@example.com');
    await expect(owner).toHaveURL(/\/admin$/);
    await owner.goto('/admin/transfers');
    await expect(owner.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
    await owner.getByLabel('Provider').selectOption(providerId);
    const row = owner.getByRole('row').filter({ hasText: 'Jo Fresh' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(amount);
    await expect(row).toContainText('Sent');
    await expectAccessible(owner);
    await owner.goto('/admin/year-end');
    await expect(owner.getByRole('heading', { name: 'Year end', level: 1 })).toBeVisible();
    const year = owner.getByRole('row').filter({ hasText: await phoneEmail(knex, providerId) });
    await expect(year).toContainText(amount);
    await expectAccessible(owner);
  } finally {
    await provider.close();
    await knex.destroy();
  }
});

async function phoneEmail(knex: ReturnType<typeof createKnex>, providerId: string) {
  const user = await knex('users').where({ id: providerId }).first('email');
  return user.email as string;
}
