import { expect, test } from '@playwright/test';
import { PORT } from '../playwright.config';
import { signIn, toast } from './helpers';

// The e2e server's read-only peek at the e-mails the app stored (e2e/serve.ts).
const MAIL = `http://127.0.0.1:${PORT + 1}`;
const unique = (name: string) =>
  `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function mailText(to: string, template: string): Promise<string> {
  const res = await fetch(`${MAIL}/latest?to=${encodeURIComponent(to)}&template=${template}`);
  expect(res.status, `no ${template} e-mail for ${to}`).toBe(200);
  return res.text();
}

test('an applicant applies on /careers, an admin approves, and the new provider sets a password and sees the job board', async ({
  page,
  browser,
}) => {
  // The applicant on a phone, the admin at a desk.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    serviceWorkers: 'block',
  });
  const applicant = await phone.newPage();
  const email = unique('tova');
  const surname = `Lindqvist${Math.floor(Math.random() * 1e6)}`;
  await applicant.goto('/careers');
  const form = applicant.getByRole('form', { name: 'Application' });
  await form.getByLabel('First name').fill('Tova');
  await form.getByLabel('Last name').fill(surname);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('612-555-0160');
  await form.getByLabel('Cleaning experience').fill('Five years of homes in Uptown.');
  await form.getByLabel('Availability').fill('Weekdays 8 to 4');
  await form.getByLabel('Why do you want to join TwinClean?').fill('Good teams, fair pay.');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(applicant, 'Application Submitted!')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Provider Applications' }).click();
  await expect(page.getByRole('heading', { name: 'Provider Applications' })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter applications' });
  await filters.getByLabel('Search').fill(surname);
  await filters.getByRole('button', { name: 'Search' }).click();
  const name = `Tova ${surname}`;
  const list = page.getByRole('list', { name: 'Applications' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(email);
  await list.getByRole('button', { name: `Review ${name}` }).click();

  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toContainText('Five years of homes in Uptown.');
  await expect(dialog).toContainText('Good teams, fair pay.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(toast(page, 'Application approved')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(list.getByRole('listitem')).toContainText('Approved');
  await list.getByRole('button', { name: `Review ${name}` }).click();
  await expect(dialog).toContainText('by Sam Nguyen');
  await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The e-mail's link opens the reset at its code step, the address filled in.
  const text = await mailText(email, 'set_password');
  // The code stands on its own indented line (the address above may hold six digits too).
  const code = /^ {4}(\d{6})$/m.exec(text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  const link = /\/login\?reset=\S+/.exec(text)?.[0] ?? '';
  expect(link).toBe(`/login?reset=${encodeURIComponent(email)}`);
  await applicant.goto(link);
  const reset = applicant.getByRole('form', { name: 'Reset password' });
  await expect(reset).toContainText(`Enter the 6-digit code sent to ${email}.`);
  await reset.getByLabel('Reset code').fill(code);
  await reset.getByRole('button', { name: 'Verify Code' }).click();
  await reset.getByLabel('New password').fill('tova picks a password');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(applicant, 'Password reset successful')).toBeVisible();

  await signIn(applicant, email, 'tova picks a password');
  await expect(applicant).toHaveURL(/\/provider\/?$/);
  await applicant
    .getByRole('navigation', { name: 'Provider' })
    .getByRole('link', { name: 'Job Board' })
    .click();
  await expect(applicant.getByRole('heading', { name: 'Available Jobs' })).toBeVisible();
  await phone.close();
});

test('the owner invites an admin, changes their role and deactivates them; staff are told it is for owners', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/admins');
  await expect(page.getByRole('heading', { name: 'Admin Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite admin' }).click();
  const invite = page.getByRole('form', { name: 'Invite an admin' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  const email = unique('ines');
  await invite.getByLabel('First name').fill('Ines');
  await invite.getByLabel('Last name').fill('Invited');
  await invite.getByLabel('Email').fill('client@example.com');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toContainText('An account with this e-mail already exists.');
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, /^Invitation sent$/)).toBeVisible();
  expect(await mailText(email, 'set_password')).toContain('as a member of staff');

  const row = page
    .getByRole('list', { name: 'Admin accounts' })
    .getByRole('listitem')
    .filter({ hasText: email });
  await expect(row).toContainText('no password set yet');
  await row.getByRole('button', { name: 'Change role: Ines Invited' }).click();
  const roleForm = page.getByRole('form', { name: 'Change role' });
  await roleForm.getByLabel('Role').selectOption('admin_owner');
  await roleForm.getByRole('button', { name: 'Save role' }).click();
  await expect(toast(page, 'Role changed')).toBeVisible();
  await expect(row).toContainText('Owner');

  await row.getByRole('button', { name: 'Deactivate: Ines Invited' }).click();
  await page
    .getByRole('alertdialog', { name: 'Deactivate Ines Invited?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(toast(page, 'Account deactivated')).toBeVisible();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('button', { name: 'Reactivate: Ines Invited' })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/admins');
  await expect(page.getByText('Admin Accounts is for owners only.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Invite/ })).toHaveCount(0);
});
