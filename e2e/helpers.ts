import type { Page } from '@playwright/test';

import { DEMO_PASSWORD } from '../api/db/seeds/demo-accounts';

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
