import AxeBuilder from '@axe-core/playwright';
import { type APIRequest, expect, type Page, test } from '@playwright/test';
import { PORT } from '../playwright.config';
import { DEMO_PASSWORD, emailedPayLink, toast } from './helpers';
import { BASE_URL, newProvider } from './phone';

// Pay links (DECISIONS.md "Payments"): the e-mailed /pay/{token} shows the booking and its
// checkout to anyone holding it, no sign-in, and is dead once nothing is left to pay.

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;
/** The guest of the seeded open house job that e2e/serve.ts copies for each test. */
const GUEST = 'emily.carlson@example.net';

/**
 * A guest's fresh booking, accepted by a provider: the deposit is requested and its pay link
 * e-mailed, as the API does it. Answers the link's path.
 */
async function acceptedPayLink(request: APIRequest): Promise<string> {
  const { id } = (await (await fetch(`${BACKSTAGE}/open-job`, { method: 'POST' })).json()) as {
    id: string;
  };
  const provider = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Origin: BASE_URL },
  });
  const login = await provider.post('/api/auth/login', {
    data: { email: await newProvider(), password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  expect((await provider.post(`/api/provider/job-board/${id}/accept`)).status()).toBe(200);
  await provider.dispose();

  return emailedPayLink(GUEST, 'payment_request', id);
}

async function payWith4242(page: Page) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you!' }),
  ).toBeFocused();
}

test('a guest pays the deposit, then the rest, through the e-mailed link; then it is closed', async ({
  page,
  playwright,
}) => {
  const link = await acceptedPayLink(playwright.request);
  await page.goto(link);
  await expect(page).toHaveTitle('Pay for Your Booking | TwinClean');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your booking' })).toBeVisible();
  await expect(page.getByText('Hi Emily, here is your booking.')).toBeVisible();
  await expect(page.getByRole('main').getByText('House Cleaning', { exact: true })).toBeVisible();
  await expect(page.getByText('Paid so far')).toBeVisible();

  // Asked for the deposit: it comes first, paying in full is the other choice.
  const choices = page.getByRole('group', { name: 'What would you like to pay?' });
  const deposit = choices.getByRole('radio', { name: /^Deposit/ });
  await expect(deposit).toBeChecked();
  await expect(choices.getByRole('radio', { name: /^Pay in full/ })).not.toBeChecked();
  await expect(page.getByRole('heading', { name: 'TEST MODE' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  const amountOf = async (option: string) =>
    /\$[\d,]+\.\d{2}/.exec(
      (await choices.locator('label', { hasText: option }).textContent()) ?? '',
    )?.[0];
  const depositAmount = await amountOf('Deposit');
  const fullAmount = await amountOf('Pay in full');
  const payButton = (amount = '') =>
    page.getByRole('button', { name: `Pay ${amount}`, exact: true });
  await expect(payButton(depositAmount)).toBeEnabled();
  // Each amount has its own intent: switching brings the form its button, and back again.
  await choices.getByRole('radio', { name: /^Pay in full/ }).check();
  await expect(payButton(fullAmount)).toBeEnabled();
  await deposit.check();
  await expect(payButton(depositAmount)).toBeEnabled();
  await payWith4242(page);

  // Still alive while a balance is left: the rest, with what was paid.
  await page.reload();
  await expect(page.getByText(depositAmount ?? '').first()).toBeVisible();
  await expect(page.getByText(/^Amount due:/)).toBeVisible();
  await payWith4242(page);

  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'This payment link is closed' }),
  ).toBeVisible();
  await expect(page.getByText('This booking is paid. Thank you!')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
    'href',
    '/',
  );
});

test('a link that does not exist says so, with a way home', async ({ page }) => {
  for (const token of ['A'.repeat(43), 'short']) {
    await page.goto(`/pay/${token}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Payment link not found' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toBeVisible();
  }
});
