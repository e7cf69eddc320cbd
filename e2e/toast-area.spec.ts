import { expect, test } from '@playwright/test';
import { toast } from './helpers';

// Spec 1: "A toast area is always rendered". Radix's toast code loads with the first toast
// (issue 35: it was a twelfth of every page's startup script); an empty region stands in.
test('the toast area is there before any toast, F8 reaches it, and the first toast shows in it', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await expect(form).toBeVisible();
  const area = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(area).toBeAttached();
  await page.keyboard.press('F8');
  await expect(area).toBeFocused();
  expect(scripts.filter((s) => s.includes('/toaster-'))).toEqual([]);

  await form.getByLabel('Email').fill('nobody@example.com');
  await form.getByLabel('Password').fill('not-the-password');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login failed')).toBeVisible();
  expect(scripts.filter((s) => s.includes('/toaster-'))).toHaveLength(1);
  // One area, not the stand-in beside Radix's.
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toHaveCount(1);
});
