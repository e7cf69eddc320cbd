import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PORT } from '../playwright.config';
import { book, CLIENT, signInAsClient } from './client';
import { signIn, toast } from './helpers';
import { BASE_URL, newProvider } from './phone';

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

test('a client rates a completed visit from its booking page, and staff hides the comment', async ({
  page,
  browser,
}) => {
  // Two people, three pages and two accessibility scans: near the 30 s default on a 2-core machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  // The demo client's own visit, done by a fresh provider through the API (the phone's screens
  // are provider.spec.ts's): accepted, clocked in and out.
  await signInAsClient(page);
  const visit = await book(page, 2);
  const provider = await browser.newContext({ baseURL: BASE_URL, serviceWorkers: 'block' });
  const phone = await provider.newPage();
  await signIn(phone, await newProvider());
  await expect(phone).toHaveURL(/\/provider$/);
  const post = (path: string) =>
    phone.request.post(path, {
      headers: { Origin: BASE_URL, 'Idempotency-Key': randomUUID() },
      data: {},
    });
  const accepted = await post(`/api/provider/job-board/${visit.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  // The visit's day comes: clocking in opens 2 hours before it (README "Punch rules").
  expect(
    (await fetch(`${BACKSTAGE}/start-soon?booking=${visit.id}`, { method: 'POST' })).status,
  ).toBe(204);
  for (const path of [
    `/api/provider/clock-in/${visit.id}`,
    `/api/provider/clock-out/${visit.id}`,
  ]) {
    const answer = await post(path);
    expect(answer.status(), await answer.text()).toBe(200);
  }
  const { id: providerId } = await (await phone.request.get('/api/auth/user')).json();
  await provider.close();

  // The clock-out e-mailed the client a rating link that needs no sign-in (only this spec
  // completes the demo client's visits, so the latest such e-mail is this visit's).
  let link = '';
  await expect
    .poll(async () => {
      const res = await fetch(
        `${BACKSTAGE}/latest?to=${encodeURIComponent(CLIENT)}&template=visit_done`,
      );
      link = /\/rate\/[\w.-]+/.exec(await res.text())?.[0] ?? '';
      return link;
    })
    .toContain(visit.id);
  const guest = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 375, height: 800 },
  });
  const linkPage = await guest.newPage();
  await linkPage.goto(link);
  await expect(linkPage.getByRole('heading', { name: 'How did we do?' })).toBeVisible();
  await expect(linkPage.getByText(/^Hi Jordan, your house cleaning/)).toBeVisible();
  await expect(linkPage.getByRole('radio', { name: /^5 stars/ })).toBeVisible();

  await page.goto(`/client/bookings/${visit.id}`);
  const card = page.getByRole('region', { name: 'Rate this visit' });
  await expect(card).toContainText('You can rate this visit until');
  // Submitting without stars says what is missing.
  await card.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(card.getByRole('alert')).toHaveText('Choose 1 to 5 stars');
  // The stars are one radio group: Tab into it, arrows move along it.
  const stars = card.getByRole('group', { name: 'Your rating' });
  await stars.getByRole('radio', { name: /^1 star/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: /^4 stars/ })).toBeChecked();
  const comment = `Thorough work, but rude to my cat ${randomUUID().slice(0, 8)}`;
  await card.getByLabel('Comment (optional)').fill(comment);
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
  await card.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(toast(page, 'Thanks for your rating!')).toBeVisible();
  const given = page.getByRole('region', { name: 'Your rating' });
  await expect(given.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(given).toContainText(comment);
  await expect(page.getByRole('region', { name: 'Rate this visit' })).toHaveCount(0);
  // Rated once: a reload shows the rating, not the form.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your rating' })).toContainText(comment);
  // The e-mailed link now shows the rating given, not the form.
  await linkPage.reload();
  await expect(linkPage.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(linkPage.getByRole('radio')).toHaveCount(0);
  await guest.close();

  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/providers/${providerId}`);
  const ratings = page.getByRole('region', { name: 'Ratings' });
  await expect(ratings).toContainText('4.0 average of the last 50 · 1 in all');
  await expect(ratings).toContainText(comment);
  await expect(ratings).toContainText('Jordan Lindqvist');
  await ratings.getByRole('button', { name: 'Hide comment' }).click();
  await expect(toast(page, 'Comment hidden')).toBeVisible();
  await expect(ratings).toContainText('Hidden');
  await expect(ratings).toContainText('Hidden by Sam Nguyen');
  await expect(ratings.getByRole('button', { name: 'Show comment' })).toBeVisible();
  // Hiding hides the words, not the stars.
  await expect(ratings).toContainText('4.0 average');
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
});
