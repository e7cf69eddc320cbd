import { expect, type Page } from '@playwright/test';

import { DEMO_PASSWORD } from '../api/db/seeds/demo-accounts';
import { PORT } from '../playwright.config';

export { DEMO_PASSWORD };

/** Toast text, read inside the toast region (Radix also announces it elsewhere for screen readers). */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text);

/** Signs in through the /login page's form. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

/**
 * The pay link in the newest `template` e-mail to `to` about `bookingId` (e2e/serve.ts's
 * backstage), waiting for it: the e-mail goes out once the change that sends it commits.
 */
export async function emailedPayLink(
  to: string,
  template: string,
  bookingId: string,
): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const res = await fetch(
        `${BACKSTAGE}/latest?to=${encodeURIComponent(to)}&template=${template}`,
      );
      const text = await res.text();
      link = text.includes(bookingId) ? (/\/pay\/[\w-]+/.exec(text)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  return link;
}
