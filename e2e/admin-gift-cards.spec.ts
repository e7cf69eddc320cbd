import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { GIFT_CARD_MESSAGES } from '@twinclean/shared/gift-cards';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { createKnex } from '../api/src/db/connection';
import { PORT } from '../playwright.config';
import { appPlace } from './chaos/app-place';
import { ownAddress } from './client';
import { deliveredGiftCardCode } from './gift-card-mail';
import { signIn, toast } from './helpers';
import { BASE_URL } from './phone';

// Issue 34, the admin side of gift cards: cards bought through the public API (paid with the
// LocalGateway's test card) show on /admin/gift-cards with their status and totals; the owner
// voids one and refunds another, each after a confirm, and a card spent on a booking while the
// dialog was open is refused with the server's words; the booking's price shows the card. Staff see the list without the buttons.

/** A card bought (and paid, unless told not to) through the public API; its id and last four. */
async function buyGiftCard(
  api: APIRequestContext,
  recipientName: string,
  amount: string,
  pay = true,
): Promise<string> {
  const bought = await api.post('/api/gift-cards', {
    headers: { 'X-Forwarded-For': ownAddress() },
    data: {
      amount,
      purchaserName: 'Gail Giver',
      purchaserEmail: 'gail.giver@example.com',
      recipientName,
      recipientEmail: `${recipientName.toLowerCase().replaceAll(' ', '.')}@example.com`,
      message: 'Enjoy a clean home',
      deliverOn: chicagoDate(new Date()),
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const intent = (await bought.json()) as {
    giftCardId: string;
    paymentIntentId: string;
    clientSecret: string;
  };
  if (!pay) return intent.giftCardId;
  const confirmed = await api.post(`/api/local-gateway/intents/${intent.paymentIntentId}/confirm`, {
    headers: { Origin: BASE_URL },
    data: {
      clientSecret: intent.clientSecret,
      cardNumber: TEST_CARDS.succeeds,
      expiry: '12/40',
      cvc: '123',
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const paid = await api.post(`/api/gift-cards/${intent.giftCardId}/paid`, {
    data: { paymentIntentId: intent.paymentIntentId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return intent.giftCardId;
}

/** The code the recipient was e-mailed (a card delivered today is e-mailed at once). */
async function deliveredCode(knex: Knex, giftCardId: string): Promise<string> {
  const card = await knex('giftCards').where({ id: giftCardId }).first();
  return deliveredGiftCardCode(knex, card.recipientEmail);
}

/** A guest's house cleaning a week ahead paid partly with the gift card; its id. */
async function bookWithGiftCard(api: APIRequestContext, giftCardCode: string): Promise<string> {
  const booked = await api.post('/api/bookings', {
    headers: { Origin: BASE_URL, 'X-Forwarded-For': ownAddress() },
    data: {
      clientFirstName: 'Gwen',
      clientLastName: 'Spender',
      clientEmail: `gwen.${randomUUID().slice(0, 8)}@example.com`,
      clientPhone: '612-555-0142',
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
      scheduledDate: addDays(chicagoDate(new Date()), 7),
      scheduledTime: '10:00',
      giftCardCode,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const answer = (await booked.json()) as { id: string; giftCardAmount: string };
  expect(answer.giftCardAmount).toBe('60.00');
  return answer.id;
}

async function expectAccessible(page: Page) {
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
}

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });
/** A row's Status cell: the row's buttons (Void, Refund) carry the same words. */
const statusOf = (page: Page, name: string) => row(page, name).getByRole('cell').nth(2);

test('the owner voids one unused gift card and refunds another; a spent one is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const knex = createKnex(appPlace(PORT).databaseUrl);
  const tag = randomUUID().slice(0, 6);
  const [toVoid, toRefund, spent] = [`Vera ${tag}`, `Rita ${tag}`, `Sam ${tag}`];
  try {
    await buyGiftCard(request, toVoid, '40');
    await buyGiftCard(request, toRefund, '25');
    const spentId = await buyGiftCard(request, spent, '60');
    await buyGiftCard(request, `Una ${tag}`, '15', false);

    await signIn(page, 'owner@example.com');
    await expect(page).toHaveURL(/\/admin$/);
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Gift Cards' })
      .click();
    await expect(page.getByRole('heading', { name: 'Gift cards', level: 1 })).toBeVisible();
    const totals = page.getByRole('region', { name: 'Gift card totals' });
    await expect(totals).toContainText('Sold');
    await expect(totals).toContainText('Outstanding balance');

    await expect(row(page, toVoid)).toContainText('$40.00');
    await expect(statusOf(page, toVoid)).toHaveText('Paid');
    await expect(row(page, toVoid)).toContainText('Not used');
    await expect(row(page, toVoid)).toContainText(/Delivered|Deliver on/);
    await expect(row(page, toVoid)).toContainText('Gail Giver');
    await expect(statusOf(page, `Una ${tag}`)).toHaveText('Awaiting payment');
    await expect(row(page, `Una ${tag}`).getByRole('button')).toHaveCount(0);
    await expectAccessible(page);

    // The server failing (a 500): the card is still unused, so closing the dialog returns the
    // focus to its Void button, not to the heading.
    const voidButton = row(page, toVoid).getByRole('button', {
      name: /^Void gift card ending in /,
    });
    const voidDialog = page.getByRole('alertdialog', { name: /^Void gift card •••• / });
    await page.route('**/api/admin/gift-cards/*/void', (route) =>
      route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
    );
    await voidButton.click();
    await voidDialog.getByRole('button', { name: 'Void gift card' }).click();
    await expect(voidDialog.getByRole('alert')).toBeVisible();
    await voidDialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(voidDialog).toHaveCount(0);
    await expect(voidButton).toBeFocused();
    await page.unroute('**/api/admin/gift-cards/*/void');

    // Void: asked first, the answer in a toast, the row no longer offers anything.
    await voidButton.click();
    await expect(voidDialog).toContainText('$40.00 for');
    await expectAccessible(page);
    await voidDialog.getByRole('button', { name: 'Void gift card' }).click();
    await expect(toast(page, GIFT_CARD_MESSAGES.voided)).toBeVisible();
    await expect(voidDialog).toHaveCount(0);
    await expect(statusOf(page, toVoid)).toHaveText('Void');
    await expect(row(page, toVoid).getByRole('button')).toHaveCount(0);
    // Its button is gone, so focus lands on the page's heading, not on nothing.
    await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeFocused();

    // Refund: the purchase's payment goes back.
    await row(page, toRefund)
      .getByRole('button', { name: /^Refund gift card ending in / })
      .click();
    const refundDialog = page.getByRole('alertdialog', { name: /^Refund gift card •••• / });
    await expect(refundDialog).toContainText("goes back to Gail Giver's card");
    await refundDialog.getByRole('button', { name: 'Refund gift card' }).click();
    await expect(toast(page, GIFT_CARD_MESSAGES.refunded)).toBeVisible();
    await expect(statusOf(page, toRefund)).toHaveText('Refunded');
    await expect(row(page, toRefund).getByRole('button')).toHaveCount(0);

    // Spent on a booking while the dialog was open: the server refuses, and says why inside
    // the dialog; the row then shows the booking, whose price shows the gift card's line.
    await row(page, spent)
      .getByRole('button', { name: /^Refund gift card ending in / })
      .click();
    const refused = page.getByRole('alertdialog', { name: /^Refund gift card •••• / });
    const bookingId = await bookWithGiftCard(request, await deliveredCode(knex, spentId));
    await refused.getByRole('button', { name: 'Refund gift card' }).click();
    await expect(refused.getByRole('alert')).toHaveText(GIFT_CARD_MESSAGES.used);
    await refused.getByRole('button', { name: 'Keep it' }).click();
    await expect(row(page, spent)).toContainText('1 booking');
    await expect(row(page, spent).getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeFocused();
    await row(page, spent)
      .getByRole('link', { name: /^\$60\.00/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`));
    const price = page.getByRole('region', { name: 'Price' });
    await expect(price.getByText('Gift card', { exact: true })).toBeVisible();
    await expect(price).toContainText('−$60.00');
    await page.goBack();

    // The status filter, kept in the URL.
    await page.getByLabel('Status').selectOption('refunded');
    await expect(page).toHaveURL(/status=refunded/);
    await expect(row(page, toRefund)).toBeVisible();
    await expect(row(page, toVoid)).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(row(page, toVoid)).toBeVisible();

    await page.setViewportSize({ width: 375, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await knex.destroy();
  }
});

test('staff read the gift cards without Void or Refund', async ({ page, request }) => {
  test.setTimeout(60_000);
  const recipient = `Stella ${randomUUID().slice(0, 6)}`;
  await buyGiftCard(request, recipient, '30');
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/gift-cards');
  await expect(row(page, recipient)).toContainText('Paid');
  await expect(page.getByRole('button', { name: /gift card ending in/ })).toHaveCount(0);
  await expectAccessible(page);
});
