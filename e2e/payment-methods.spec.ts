import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request, test } from '@playwright/test';
import { LOCAL_DECLINE_MESSAGE } from '@twinclean/shared/local-gateway';
import { signIn, toast } from './helpers';

// Saved cards (DECISIONS.md "Payments": /client/payment-methods) against the real API and the
// LocalGateway. A client of this file's own, made through the signup API, so the shared demo
// client's cards stay as other tests expect them.

const PASSWORD = 'saved cards password';
let email = '';

test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL });
  email = `cards.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await api.post('/api/auth/signup', {
    data: { email, password: PASSWORD, firstName: 'Card', lastName: 'Holder' },
  });
  expect(signup.status()).toBe(201);
  const { verificationCode } = (await signup.json()) as { verificationCode: string };
  const verified = await api.post('/api/auth/verify-email', {
    data: { email, code: verificationCode },
  });
  expect(verified.ok()).toBe(true);
  await api.dispose();
});

async function openPaymentMethods(page: Page) {
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/client$/);
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: /Payment Methods/ })
    .click();
  await expect(page).toHaveURL(/\/client\/payment-methods$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
}

/** Opens Add card and types a test card into the LocalGateway's form. */
async function fillNewCard(page: Page, cardNumber: string) {
  await page.getByRole('button', { name: 'Add card' }).click();
  const panel = page.getByRole('region', { name: 'Add a card' });
  await expect(panel.getByRole('heading', { name: 'Add a card' })).toBeFocused();
  const form = panel.getByRole('form', { name: 'Save a card' });
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  return form;
}

const savedCards = (page: Page) =>
  page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');

/** No serious or critical accessibility problem in the page as it stands. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('a new client saves 4242 as the default, adds a second card, makes it the default and removes the first', async ({
  page,
}) => {
  await openPaymentMethods(page);
  await expect(page).toHaveTitle('Payment Methods | TwinClean');
  await expect(page.getByText('No saved cards yet.')).toBeVisible();

  const first = await fillNewCard(page, '4242 4242 4242 4242');
  await expectAccessible(page);
  await first.getByRole('button', { name: 'Save Card' }).click();
  await expect(toast(page, 'Visa ending in 4242 was saved as your default card.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add a card' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add card' })).toBeFocused();
  await expect(savedCards(page)).toHaveCount(1);
  await expect(savedCards(page).first()).toContainText('Visa •••• 4242');
  await expect(savedCards(page).first()).toContainText('Expires 12/34');
  await expect(savedCards(page).first()).toContainText('Default');

  // The second card asks for the extra step (3-D Secure in test mode) before it is saved.
  const second = await fillNewCard(page, '4000 0025 0000 3155');
  await second.getByRole('button', { name: 'Save Card' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm this card' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Visa ending in 3155 was saved.')).toBeVisible();
  await expect(savedCards(page)).toHaveCount(2);
  await expect(savedCards(page).first()).toContainText('4242');
  await expect(savedCards(page).nth(1)).not.toContainText('Default');
  await expectAccessible(page);

  // Keyboard only: the new card becomes the default and moves to the top.
  await page.getByRole('button', { name: 'Make default: Visa ending in 3155' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Visa ending in 3155 is now your default card.')).toBeVisible();
  await expect(savedCards(page).first()).toContainText('3155');
  await expect(savedCards(page).first()).toContainText('Default');
  await expect(
    page.getByRole('button', { name: 'Make default: Visa ending in 4242' }),
  ).toBeVisible();

  // Removing asks first; keeping the card changes nothing.
  await page.getByRole('button', { name: 'Remove: Visa ending in 4242' }).click();
  const removal = page.getByRole('alertdialog', { name: 'Remove this card?' });
  await expect(removal).toHaveAccessibleDescription(
    'Visa ending in 4242 will be removed from your account.',
  );
  await expectAccessible(page);
  await removal.getByRole('button', { name: 'Keep Card' }).click();
  await expect(removal).toBeHidden();
  await expect(savedCards(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Remove: Visa ending in 4242' }).click();
  await removal.getByRole('button', { name: 'Remove Card' }).click();
  await expect(toast(page, 'Visa ending in 4242 was removed.')).toBeVisible();
  await expect(savedCards(page)).toHaveCount(1);
  await expect(savedCards(page).first()).toContainText('3155');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeFocused();

  const server = (await (await page.request.get('/api/payment-methods')).json()) as {
    last4: string;
    isDefault: boolean;
  }[];
  expect(server.map((c) => [c.last4, c.isDefault])).toEqual([['3155', true]]);
});

test('a declined card shows the gateway’s message and is not saved, on a 375 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openPaymentMethods(page);
  const before = await savedCards(page).count();

  const form = await fillNewCard(page, '4000 0000 0000 0002');
  await form.getByRole('button', { name: 'Save Card' }).click();
  await expect(form.getByRole('alert')).toHaveText(LOCAL_DECLINE_MESSAGE);
  await expect(toast(page, LOCAL_DECLINE_MESSAGE)).toBeVisible();
  await expect(savedCards(page)).toHaveCount(before);
  // What was typed stays, to try another card.
  await expect(form.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');

  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
  await expectAccessible(page);

  await page
    .getByRole('region', { name: 'Add a card' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('region', { name: 'Add a card' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add card' })).toBeFocused();
});
