import { expect, request, test } from '@playwright/test';
import { expectAccessible } from './client';
import { signIn, toast } from './helpers';

// Saved homes (DECISIONS.md "Recurring visits, homes and entry notes": /client/homes) against
// the real API. A client of this file's own, made through the signup API, so the demo client's
// homes stay as other tests expect them.

const PASSWORD = 'saved homes password';
const ENTRY_NOTES = 'Lockbox 2580 by the side door';
let email = '';

test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL });
  email = `homes.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await api.post('/api/auth/signup', {
    data: { email, password: PASSWORD, firstName: 'Hope', lastName: 'Holmes' },
  });
  expect(signup.status()).toBe(201);
  const { verificationCode } = (await signup.json()) as { verificationCode: string };
  const verified = await api.post('/api/auth/verify-email', {
    data: { email, code: verificationCode },
  });
  expect(verified.ok()).toBe(true);
  await api.dispose();
});

test('a client adds a home with entry notes, edits it and sees it listed', async ({ page }) => {
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/client$/);
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: /Homes/ })
    .click();
  await expect(page).toHaveURL(/\/client\/homes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Homes' })).toBeVisible();
  await expect(page.getByText('No saved homes yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add home' }).click();
  const form = page.getByRole('form', { name: 'Home' });
  // An empty form is refused under its fields, nothing sent.
  await form.getByRole('button', { name: 'Save Home' }).click();
  await expect(form.getByText('Address is required')).toBeVisible();
  await form.getByLabel('Name (optional)').fill('Lake house');
  await form.getByLabel('Address').fill('3348 Hennepin Ave');
  await form.getByLabel('City').fill('Minneapolis');
  await form.getByLabel('ZIP code').fill('55408');
  await form.getByLabel('Pets in the home').check();
  await form.getByLabel('About your pets').fill('One shy cat');
  await form.getByLabel('Parking notes').fill('Driveway on the left');
  const notes = form.getByLabel('Entry notes');
  await expect(notes).toHaveAccessibleDescription(
    'Only the cleaner assigned to a visit sees these, from 24 hours before it.',
  );
  await notes.fill(ENTRY_NOTES);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save Home' }).click();
  await expect(toast(page, 'Home Saved')).toBeVisible();

  const card = page.getByRole('listitem').filter({ hasText: 'Lake house' });
  await expect(card).toContainText('3348 Hennepin Ave, Minneapolis, MN 55408');
  await expect(card).toContainText(ENTRY_NOTES);
  await expect(card).toContainText('One shy cat');

  await card.getByRole('button', { name: 'Edit Lake house' }).click();
  const edit = page.getByRole('form', { name: 'Home' });
  await expect(edit.getByLabel('Entry notes')).toHaveValue(ENTRY_NOTES);
  await edit.getByLabel('Entry notes').fill('Key under the blue pot');
  await edit.getByRole('button', { name: 'Save Home' }).click();
  await expect(toast(page, 'Home Updated')).toBeVisible();
  await expect(card).toContainText('Key under the blue pot');

  // What the page shows is what the server keeps: the list, read again after a reload.
  await page.reload();
  const listed = page.getByRole('listitem').filter({ hasText: 'Lake house' });
  await expect(listed).toContainText('Key under the blue pot');
  await expect(listed).not.toContainText(ENTRY_NOTES);
  await expectAccessible(page);

  // On a phone the page fits the screen: nothing scrolls sideways, the home's card fits.
  await page.setViewportSize({ width: 375, height: 740 });
  const box = await listed.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
