import { expect, type Locator, test } from '@playwright/test';
import { toast } from './helpers';

// The web's forms check with the API's own schemas: each field's message sits under it,
// announced as its description, and nothing typed is lost.

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

test('sign-up shows the schema messages under their fields and keeps what was typed', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Last name').fill('Lind');
  await form.getByLabel('Email').fill('nora.short@example.com');
  await form.getByLabel('Password').fill('short');
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expectFieldError(form.getByLabel('First name'), 'First name is required');
  // The error replaces the hint that says the same thing, rather than repeating it.
  await expectFieldError(form.getByLabel('Password'), 'Password must be at least 8 characters');
  await expect(form.getByText('Password must be at least 8 characters')).toHaveCount(1);
  await expect(form.getByLabel('Last name')).not.toHaveAttribute('aria-invalid');
  await expect(form.getByLabel('Password')).toHaveValue('short');
  await expect(toast(page, 'Signup failed')).toHaveCount(0);

  // After a failed submit each message follows the field as it changes.
  await form.getByLabel('Password').fill('long enough now');
  await expect(form.getByLabel('Password')).not.toHaveAttribute('aria-invalid');
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
});

test('sign-up with a taken e-mail says so under the e-mail, with the spec toast', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('First name').fill('Carla');
  await form.getByLabel('Last name').fill('Client');
  await form.getByLabel('Email').fill('client@example.com');
  await form.getByLabel('Password').fill('a good password');
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expect(toast(page, 'Signup failed')).toBeVisible();
  await expectFieldError(
    form.getByLabel('Email'),
    'An account with this email already exists. Please sign in.',
  );
  await expect(form.getByLabel('First name')).toHaveValue('Carla');
  await expect(form.getByRole('button', { name: 'Create Account' })).toBeEnabled();
});

test('login asks for both fields before calling the server', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expectFieldError(form.getByLabel('Email'), 'Email is required');
  await expectFieldError(form.getByLabel('Password'), 'Password is required');
  await expect(toast(page, 'Login failed')).toHaveCount(0);
});

test('the careers form marks each missing field', async ({ page }) => {
  await page.goto('/careers');
  const form = page.getByRole('form', { name: 'Application' });
  await form.getByLabel('First name').fill('Lucia');
  await form.getByLabel('Email').fill('lucia@');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expectFieldError(form.getByLabel('Last name'), 'Last name is required');
  await expectFieldError(form.getByLabel('Email'), 'Enter a valid email address');
  await expectFieldError(form.getByLabel('Availability'), 'Availability is required');
  await expect(form.getByLabel('First name')).toHaveValue('Lucia');
  await expect(toast(page, 'Application Submitted!')).toHaveCount(0);
});

test('the wizard stops each step with its toast and the field messages in place', async ({
  page,
}) => {
  await page.goto('/book');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Email').fill('grace@');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(toast(page, 'Missing Information')).toBeVisible();
  await expect(toast(page, 'Please fill in all contact fields')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact', exact: true })).toBeVisible();
  await expectFieldError(page.getByLabel('Last name'), 'Last name is required');
  await expectFieldError(page.getByLabel('Email'), 'Enter a valid email address');
  await expectFieldError(page.getByLabel('Phone'), 'Phone is required');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('Last name')).toBeFocused();

  // Fixing a field clears its message at once.
  await page.getByLabel('Email').fill('grace.forms@example.com');
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Phone').fill('612-555-0199');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Property step: an address, but no room at all.
  await page.getByLabel('Street address').fill('3348 Hennepin Ave');
  await page.getByLabel('City').fill('Minneapolis');
  await page.getByLabel('ZIP code').fill('55408');
  for (const [room, count] of [
    ['Bedrooms', 3],
    ['Full bathrooms', 2],
  ] as const) {
    for (let i = 0; i < count; i++)
      await page.getByRole('button', { name: `Fewer: ${room}` }).click();
  }
  await page.getByRole('switch', { name: 'Kitchen' }).click();
  await page.getByRole('switch', { name: 'Living room' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Select Rooms')).toBeVisible();
  await expect(toast(page, 'Please specify at least one room to clean')).toBeVisible();
  const noRoom = page
    .getByRole('alert')
    .filter({ hasText: 'Please specify at least one room to clean' });
  await expect(noRoom).toBeVisible();
  await page.getByRole('switch', { name: 'Kitchen' }).click();
  await expect(noRoom).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Schedule', exact: true })).toBeVisible();

  // Back keeps everything typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('ZIP code')).toHaveValue('55408');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('grace.forms@example.com');
});
