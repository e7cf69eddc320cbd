import { type APIRequest, type Browser, expect, type Page, test } from '@playwright/test';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { PORT } from '../playwright.config';
import { expectAccessible, signInAsClient } from './client';
import { emailedPayLink, signIn, toast } from './helpers';
import { BASE_URL } from './phone';
import { providerWhoTook } from './provider-api';

// DECISIONS.md "Final price consent" in the browser: a carpet price confirmed far above the
// estimate waits for the client, who approves it with "Approve new price" on their booking page
// or through the e-mailed pay link; the admin booking page shows it waiting, and the owner may
// approve it for the client with a note.

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;
/** The guest of the seeded open carpet job that e2e/serve.ts copies for each test. */
const GUEST = 'sofia.ramirez@example.net';

const daysAhead = (days: number) => addDays(chicagoDate(new Date()), days);

/**
 * A copy of the seeded open carpet job (a guest's $325.00 estimate), `days` ahead at 10:00, or
 * without `days` starting within the hour (so it can be clocked in now).
 */
async function openCarpetJob(days?: number): Promise<string> {
  const when = days === undefined ? '' : `&date=${daysAhead(days)}&time=10:00`;
  const res = await fetch(`${BACKSTAGE}/open-job?service=carpet${when}`, { method: 'POST' });
  return ((await res.json()) as { id: string }).id;
}

/** A fresh provider who took the job from the board; `confirm` sends a final price as they would. */
async function providerOf(request: APIRequest, jobId: string) {
  const provider = await providerWhoTook(request, jobId);
  return {
    ...provider,
    confirm: async (totalAmount: string) => {
      const res = await provider.api.post(`/api/provider/jobs/${jobId}/final-price`, {
        data: { totalAmount },
      });
      expect(res.status()).toBe(200);
      expect(await res.json()).toMatchObject({ priceAwaitingApproval: totalAmount });
    },
  };
}

/** The panel once approved (the toast region is a status too, outside the page's main). */
const approvedNotice = (page: Page) =>
  page.getByRole('main').getByRole('status').filter({ hasText: 'New price approved' });

/** Nothing wider than a 375 px phone: no sideways scrolling. */
async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

test.describe('the client approves', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('on the booking page, with the keyboard; a changed price is shown again first; then the deposit', async ({
    page,
    playwright,
  }) => {
    await signInAsClient(page);
    // 3 bedrooms, a living room and stairs: a $325.00 estimate, booked as the demo client.
    const booked = await page.request.post('/api/bookings/carpet', {
      headers: { Origin: BASE_URL },
      data: {
        firstName: 'Jordan',
        lastName: 'Lindqvist',
        email: 'client@example.com',
        phone: '612-555-0141',
        address: '4420 Upton Ave S',
        city: 'Minneapolis',
        state: 'MN',
        zipCode: '55410',
        bedrooms: 3,
        livingRooms: 1,
        stairs: 1,
        greenCleaning: false,
        scheduledDate: daysAhead(6),
        scheduledTime: '10:00',
      },
    });
    expect(booked.status()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    const provider = await providerOf(playwright.request, id);
    await provider.confirm('450.00');

    await page.goto(`/client/bookings/${id}`);
    const panel = page.getByRole('region', { name: 'New price to approve' });
    await expect(panel).toContainText('New price$450.00');
    await expect(panel).toContainText('Estimate you booked at$325.00');
    await expect(panel).toContainText('Nothing more is charged until you approve it');
    await expect(panel.getByRole('link', { name: /Ask us first/ })).toHaveAttribute(
      'href',
      '/help',
    );
    await expect(page.getByRole('region', { name: 'Price estimate' })).toContainText(
      'A new price of $450.00 waits for your approval above.',
    );
    // Nothing can be paid before the price is approved.
    await expect(page.getByRole('region', { name: 'Payment Required' })).toHaveCount(0);
    await expectAccessible(page);
    await expectFitsPhone(page);

    // The price changes behind the page: the approval of $450.00 is refused, the new one shown.
    await provider.confirm('500.00');
    const approve = panel.getByRole('button', { name: 'Approve new price' });
    await approve.focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText(
      'The new price is now $500.00. Review it and approve again.',
    );
    await expect(panel).toContainText('New price$500.00');
    await expect(approve).toBeEnabled();
    await approve.focus();
    await page.keyboard.press('Enter');

    await expect(toast(page, 'New price approved')).toBeVisible();
    await expect(approvedNotice(page)).toBeFocused();
    await expect(panel).toHaveCount(0);
    const price = page.getByRole('region', { name: 'Price', exact: true });
    await expect(price).toContainText('Estimate at booking$325.00');
    await expect(price).toContainText('Final price$500.00');
    // 40 % of the approved price is the deposit now asked for.
    const payment = page.getByRole('region', { name: 'Payment Required' });
    await expect(payment).toContainText('Deposit$200.00');
    await expect(payment).toContainText('Pay in full$500.00');
    await expect(payment.getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      `/client/checkout/${id}?option=deposit`,
    );
    await expectAccessible(page);
    await provider.dispose();
  });

  test('as a guest through the e-mailed pay link, which then offers the deposit without a reload', async ({
    page,
    playwright,
  }) => {
    const id = await openCarpetJob(3);
    const provider = await providerOf(playwright.request, id);
    await provider.confirm('520.00');
    await provider.dispose();

    const link = await emailedPayLink(GUEST, 'price_approval_request', id);
    await page.goto(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pay for your booking' }),
    ).toBeVisible();
    const panel = page.getByRole('region', { name: 'New price to approve' });
    await expect(panel).toContainText('New price$520.00');
    await expect(panel).toContainText('Estimate you booked at$325.00');
    // Waiting for approval is neither paid nor payable.
    await expect(page.getByText('This booking is paid')).toHaveCount(0);
    await expect(page.getByText('There is nothing to pay right now.')).toHaveCount(0);
    const choices = page.getByRole('group', { name: 'What would you like to pay?' });
    await expect(choices).toHaveCount(0);
    await expectAccessible(page);
    await expectFitsPhone(page);

    // Marks this document: still there after approving means the page was not reloaded.
    await page.evaluate(() => {
      document.documentElement.dataset.sameDocument = 'yes';
    });
    await panel.getByRole('button', { name: 'Approve new price' }).click();
    await expect(toast(page, 'New price approved')).toBeVisible();
    await expect(approvedNotice(page)).toBeFocused();
    await expect(choices.getByRole('radio', { name: /^Deposit/ })).toBeChecked();
    await expect(choices.locator('label', { hasText: 'Deposit' })).toContainText('$208.00');
    await expect(choices.locator('label', { hasText: 'Pay in full' })).toContainText('$520.00');
    await expect(page.getByRole('heading', { name: 'TEST MODE' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe('yes');
    await expectAccessible(page);
  });
});

/** A browser of its own, signed in as `email`. */
async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  return { page, close: () => context.close() };
}

test('the admin sees the price to confirm and the one waiting; the owner approves it with a note', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(60_000);
  const id = await openCarpetJob(4);
  const provider = await providerOf(playwright.request, id);
  await provider.dispose();

  const staff = await signedIn(browser, 'staff@example.com');
  const date = daysAhead(4);
  await staff.page.goto(`/admin/carpet-bookings?q=sofia&from=${date}&to=${date}`);
  const row = staff.page
    .getByRole('row')
    .filter({ has: staff.page.locator(`a[href="/admin/bookings/${id}"]`) });
  await expect(row).toContainText('Price to confirm');
  await row.getByRole('link', { name: 'Sofia Ramirez' }).click();
  await expect(staff.page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));

  const callout = staff.page.getByRole('region', { name: 'Price to confirm' });
  await expect(callout).toContainText('The client booked at an estimate of $325.00.');
  // Far above the estimate: sent to the client rather than taken.
  const form = callout.getByRole('form', { name: 'Confirm final price' });
  await form.getByLabel('Final price ($)').fill('450');
  await form.getByRole('button', { name: 'Confirm Final Price' }).click();
  await expect(toast(staff.page, 'New price sent to the client for approval')).toBeVisible();
  await expect(callout).toContainText(
    'Waiting for the client to approve $450.00 (estimate $325.00)',
  );
  await expect(callout).toContainText('Only the owner may approve it on the client’s behalf.');
  await expect(callout.getByRole('button', { name: 'Approve new price' })).toHaveCount(0);
  await expectAccessible(staff.page);

  // A visit done without anyone confirming its price: said plainly, as the payout waits for it.
  const doneId = await openCarpetJob();
  const doneBy = await providerOf(playwright.request, doneId);
  await doneBy.punch('clock-in');
  await doneBy.punch('clock-out');
  await doneBy.dispose();
  await staff.page.goto(`/admin/bookings/${doneId}`);
  const done = staff.page.getByRole('region', { name: 'Price to confirm' });
  await expect(done).toContainText(
    'The visit is done but its final price was never confirmed; the payout waits for it.',
  );
  await expect(done.getByRole('form', { name: 'Confirm final price' })).toBeVisible();
  await staff.close();

  const owner = await signedIn(browser, 'owner@example.com');
  await owner.page.goto(`/admin/bookings/${id}`);
  const waiting = owner.page.getByRole('region', { name: 'Price to confirm' });
  await expect(waiting).toContainText('Waiting for the client to approve $450.00');
  await waiting.getByRole('button', { name: 'Approve new price' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Approve the new price?' });
  await expect(dialog).toContainText('$450.00 becomes the price instead of the $325.00 estimate');
  // The note is required, said by the contract's own message.
  await dialog.getByRole('button', { name: 'Approve $450.00' }).click();
  await expect(dialog.getByText('Say why the new price is approved')).toBeVisible();
  await expect(dialog.getByLabel('Note')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(owner.page);
  await dialog.getByLabel('Note').fill('The client agreed on the phone');
  await dialog.getByRole('button', { name: 'Approve $450.00' }).click();
  await expect(toast(owner.page, 'New price approved')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(waiting).toHaveCount(0);
  await expect(owner.page.getByText('Status: Pending Deposit')).toBeAttached();
  await expect(owner.page.getByRole('region', { name: 'Pay link' })).toContainText(
    'Deposit: $180.00',
  );
  await owner.close();
});
