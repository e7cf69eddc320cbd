import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PORT } from '../playwright.config';
import { signIn, toast } from './helpers';

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

test('a visitor writes through the /help contact form, and staff answer it by e-mail', async ({
  page,
  browser,
}) => {
  const email = `visitor-${randomUUID().slice(0, 8)}@example.com`;
  // The visitor on a phone.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const phone = await visitor.newPage();
  await phone.goto('/help');
  const form = phone.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Name').fill('Vera Visitor');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Topic').selectOption('billing');
  await form.getByLabel('Message').fill('Short');
  await form.getByRole('button', { name: 'Send Message' }).click();
  // The form's own rule, before anything is sent; what was typed stays.
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Vera Visitor');
  await form.getByLabel('Message').fill('Was my card charged twice for last week?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(phone, 'Message Sent')).toBeVisible();
  await expect(form.getByRole('status')).toContainText('within 24 hours');
  await expect(form.getByLabel('Name')).toHaveValue('');
  // Nothing on the page is wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await visitor.close();

  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/contact-forms?status=new');
  await expect(page.getByRole('heading', { name: 'Contact Forms' })).toBeVisible();
  await page.getByLabel('Search messages').fill(email);
  await expect(page).toHaveURL(/q=visitor-/);
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('Billing and payments');
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: 'Open the message from Vera Visitor' }).click();

  const dialog = page.getByRole('dialog', { name: 'Message from Vera Visitor' });
  await expect(dialog).toContainText('Was my card charged twice for last week?');
  const reply = dialog.getByRole('form', { name: 'Reply by e-mail' });
  await expect(reply.getByLabel('Subject')).toHaveValue(
    'Re: Your message about billing and payments',
  );
  await reply.getByRole('button', { name: 'Send Reply' }).click();
  await expect(reply.getByText('Message is required')).toBeVisible();
  await reply.getByLabel('Message').fill('Only once: the second line was a hold, released today.');
  await reply.getByRole('button', { name: 'Send Reply' }).click();
  // The e2e server has no SMTP: the reply is kept in the outbox, and the dialog says so.
  await expect(reply.getByRole('status')).toContainText('Reply saved');
  await expect(dialog.getByRole('region', { name: 'Replies' })).toContainText(
    'the second line was a hold',
  );
  await expect(dialog).toContainText('by Sam Nguyen');
  await expect
    .poll(async () => {
      const res = await fetch(
        `${BACKSTAGE}/latest?to=${encodeURIComponent(email)}&template=contact_reply`,
      );
      return res.ok ? res.text() : '';
    })
    .toContain('the second line was a hold');

  // (Escape would first dismiss the toast, the topmost layer.)
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Answered now, so the "new" filter no longer finds it; "answered" does.
  await expect(page.getByText('No messages match.')).toBeVisible();
  await page.getByLabel('Status').selectOption('answered');
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('Answered');
});
