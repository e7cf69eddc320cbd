import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { GIFT_CARD_MESSAGES } from '@twinclean/shared/gift-cards';
import { createKnex } from '../api/src/db/connection';
import { PORT } from '../playwright.config';
import { appPlace } from './chaos/app-place';
import { expectAccessible, fillCard, ownAddress } from './client';
import { deliveredGiftCardCode } from './gift-card-mail';
import { toast } from './helpers';

// Issue 34's browser flow: a gift card is bought and redeemed. A giver buys a $50 card on a
// phone (refused first under its fields, paid with the LocalGateway's test card); the
// recipient's e-mail carries the code; the recipient books carpet cleaning with it, the card
// covering $50 of the $150 estimate, and the card has nothing left.

/** The day after the date field's first day, at 10:00 AM. */
async function pickTomorrow(form: Locator) {
  const date = form.getByLabel('Preferred date');
  const next = new Date(`${await date.getAttribute('min')}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  await date.fill(next.toISOString().slice(0, 10));
  await form.locator('label', { hasText: /^10:00 AM$/ }).click();
}

/** Everything the page's session and local storage hold, upper-cased and without dashes. */
const storedText = (page: Page) =>
  page.evaluate(() =>
    [window.sessionStorage, window.localStorage]
      .flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`))
      .join('\n')
      .toUpperCase()
      .replaceAll('-', ''),
  );

test('a gift card is bought on a phone, e-mailed, and spent on a booking', async ({ browser }) => {
  test.setTimeout(120_000);
  const knex = createKnex(appPlace(PORT).databaseUrl);
  const recipient = `gwen-${randomUUID()}@example.com`;
  const phone = { viewport: { width: 375, height: 800 } };
  const giver = await browser.newContext({
    ...phone,
    extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() },
  });
  const friend = await browser.newContext({
    ...phone,
    extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() },
  });
  try {
    const page = await giver.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/gift-cards`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Buy a gift card' });
    // Nothing filled: each field says what it needs, and nothing is bought.
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(form.getByText('Your name is required')).toBeVisible();
    await expect(form.getByText("Recipient's name is required")).toBeVisible();
    await form.getByText('$50', { exact: true }).click();
    await form.getByLabel('Your name').fill('Gail Giver');
    await form.getByLabel('Your e-mail').fill('gail.giver@example.com');
    await form.getByLabel("Recipient's name").fill('Gwen');
    await form.getByLabel("Recipient's e-mail").fill(recipient);
    await form.getByLabel('Message (optional)').fill('Happy housewarming!');
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Pay for your gift card' })).toBeVisible();
    // Back to the details, as typed; the pressed button is gone, so the focus goes to the heading.
    const heading = page.getByRole('heading', { level: 1, name: 'Gift cards' });
    await page.getByRole('button', { name: 'Change details' }).click();
    await expect(heading).toBeFocused();
    await expect(form.getByLabel("Recipient's e-mail")).toHaveValue(recipient);
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Pay for your gift card' })).toBeVisible();
    const card = await fillCard(page, '4242 4242 4242 4242');
    await card.getByRole('button', { name: 'Pay $50.00' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: GIFT_CARD_MESSAGES.purchased }),
    ).toBeVisible();
    await expect(toast(page, GIFT_CARD_MESSAGES.purchased)).toBeVisible();
    await page.getByRole('button', { name: 'Buy another gift card' }).click();
    await expect(heading).toBeFocused();
    await expect(form.getByLabel('Your name')).toHaveValue('Gail Giver');

    // Delivered today, so e-mailed at once; the database keeps no readable code.
    const code = await deliveredGiftCardCode(knex, recipient);
    // (Changing the details made a second card, left awaiting payment.)
    const stored = await knex('giftCards')
      .where({ recipientEmail: recipient })
      .whereNot({ status: 'awaiting_payment' })
      .first();
    expect(stored).toMatchObject({ status: 'paid', amountCents: 5000, balanceCents: 5000 });
    expect(JSON.stringify(stored)).not.toContain(code.replaceAll('-', ''));

    // The code is a bearer secret: applied on a laundry pickup in another tab, whose typing is
    // kept in the tab's draft, the draft holds the rest but not the code.
    const secret = code.replaceAll('-', '');
    const other = await friend.newPage();
    await other.goto(`http://127.0.0.1:${PORT}/book/laundry`);
    const laundry = other.getByRole('form', { name: 'Laundry booking' });
    await laundry.getByLabel('First name').fill('Gwen');
    await laundry.getByLabel('Last name').fill('Friend');
    await laundry.getByLabel('Email').fill(recipient);
    await laundry.getByLabel('Phone').fill('612-555-0177');
    await laundry.getByLabel('Pickup street address').fill('3348 Hennepin Ave');
    await laundry.getByLabel('Pickup city').fill('Minneapolis');
    await laundry.getByLabel('Pickup ZIP code').fill('55408');
    const pickup = laundry.getByLabel('Pickup date');
    const day = new Date(`${await pickup.getAttribute('min')}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1);
    await pickup.fill(day.toISOString().slice(0, 10));
    await laundry.locator('label', { hasText: /^10:00 AM$/ }).click();
    const laundryGift = laundry.getByLabel('Gift card (optional)');
    await laundryGift.fill(code);
    await laundryGift.press('Enter');
    await expect(
      laundry.getByText(`Gift card ••••${code.slice(-4)}: $50.00 balance`),
    ).toBeVisible();
    await expect.poll(() => storedText(other)).toContain('HENNEPIN');
    expect(await storedText(other)).not.toContain(secret);

    // The friend books carpet cleaning with it.
    const guest = await friend.newPage();
    await guest.goto(`http://127.0.0.1:${PORT}/book/carpet`);
    const booking = guest.getByRole('form', { name: 'Carpet cleaning booking' });
    await booking.getByLabel('First name').fill('Gwen');
    await booking.getByLabel('Last name').fill('Friend');
    await booking.getByLabel('Email').fill(recipient);
    await booking.getByLabel('Phone').fill('612-555-0177');
    await booking.getByLabel('Street address').fill('3348 Hennepin Ave');
    await booking.getByLabel('City').fill('Minneapolis');
    await booking.getByLabel('ZIP code').fill('55408');
    await booking.getByRole('button', { name: 'More: Bedrooms' }).click();
    await booking.getByRole('button', { name: 'More: Bedrooms' }).click();
    await pickTomorrow(booking);
    const giftField = guest.getByLabel('Gift card (optional)');
    // A wrong code is said so under the field.
    await giftField.fill('ABCD-EFGH-JKLM');
    await giftField.press('Enter');
    await expect(guest.getByText(GIFT_CARD_MESSAGES.unknown)).toBeVisible();
    await giftField.fill(code.toLowerCase());
    await giftField.press('Enter');
    await expect(guest.getByText(`Gift card ••••${code.slice(-4)}: $50.00 balance`)).toBeVisible();
    // 2 bedrooms × $75 = $150; the card takes $50 of it.
    const estimate = guest.getByRole('region', { name: 'Estimate' });
    await expect(estimate).toContainText('−$50.00');
    await expect(estimate).toContainText('$100.00');
    await expectAccessible(guest);
    await booking.getByRole('button', { name: 'Book Carpet Cleaning' }).click();
    await expect(
      guest.getByRole('main').getByRole('heading', { level: 1, name: 'Booking Submitted!' }),
    ).toBeVisible();
    await expect(guest.getByText('Gift card applied: $50.00')).toBeVisible();
    expect(await storedText(guest)).not.toContain(secret);

    // The laundry tab still holds the card, now spent: the booking is refused for it, the
    // field says why and takes the focus.
    await laundry.getByRole('button', { name: 'Book Laundry Pickup' }).click();
    await expect(laundryGift).toBeFocused();
    await expect(laundryGift).toHaveAttribute('aria-invalid', 'true');
    await expect(laundry.getByRole('alert')).toContainText(GIFT_CARD_MESSAGES.empty);
    expect(await storedText(other)).not.toContain(secret);

    // The server's figures: the card is spent, the booking owes the rest by card.
    const after = await knex('giftCards').where({ id: stored.id }).first();
    expect(after.balanceCents).toBe(0);
    const redemption = await knex('giftCardRedemptions').where({ giftCardId: stored.id }).first();
    const booked = await knex('bookings').where({ id: redemption.bookingId }).first();
    expect(booked).toMatchObject({ giftCardCents: 5000, totalAmountCents: 10_000 });
    // Spent, the code is refused with what it has left: nothing.
    const again = await guest.request.post('/api/gift-cards/check', { data: { code } });
    expect(again.status()).toBe(422);
    expect((await again.json()).message).toBe(GIFT_CARD_MESSAGES.empty);
  } finally {
    await giver.close();
    await friend.close();
    await knex.destroy();
  }
});
