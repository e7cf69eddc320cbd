import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, toast } from './helpers';

const MAIL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const unique = (name: string) =>
  `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function mailedCode(to: string, template: string): Promise<string> {
  const text = await (
    await fetch(`${MAIL}/latest?to=${encodeURIComponent(to)}&template=${template}`)
  ).text();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no ${template} code for ${to}`);
  return code;
}

/** Signs up and verifies through the API, as a quick way to get a ready account. */
async function readyAccount(page: Page, email: string, password = 'first password 1') {
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password, firstName: 'Rae', lastName: 'Set' },
  });
  const { verificationCode } = (await signup.json()) as { verificationCode: string };
  await page.request.post('/api/auth/verify-email', { data: { email, code: verificationCode } });
}

test('sign up, verify with the shown code, land on /client and sign out', async ({ page }) => {
  const email = unique('nora');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill('Lind');
  await form.getByLabel('Email').fill(email);
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  await form.getByLabel('Password').fill('a good password');
  await form.getByRole('button', { name: 'Create Account' }).click();

  const notice = toast(page, /Use this verification code: \d{6}/);
  await expect(notice).toBeVisible();
  const code = /\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';

  const verify = page.getByRole('form', { name: 'Verify your email' });
  const submit = verify.getByRole('button', { name: 'Verify Email' });
  await verify.getByLabel('Verification code').fill(code.slice(0, 5));
  await expect(submit).toBeDisabled();
  await verify.getByLabel('Verification code').fill(code);
  await submit.click();
  await expect(toast(page, 'Email verified')).toBeVisible();

  await page.getByRole('form', { name: 'Login' }).getByLabel('Email').fill(email);
  await page.getByRole('form', { name: 'Login' }).getByLabel('Password').fill('a good password');
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Nora!' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/client');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fclient/);
});

test('a login before verification opens the verification screen', async ({ page }) => {
  const email = unique('early');
  await page.request.post('/api/auth/signup', {
    data: { email, password: 'a good password', firstName: 'Ed', lastName: 'Early' },
  });
  await signIn(page, email, 'a good password');
  await expect(toast(page, 'Email verification required')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Verify your email' })).toContainText(email);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
});

test('resets a forgotten password with the e-mailed code', async ({ page }) => {
  const email = unique('reset');
  await readyAccount(page, email);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const reset = page.getByRole('form', { name: 'Reset password' });
  await reset.getByLabel('Email').fill(email);
  await reset.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(toast(page, 'Reset code sent')).toBeVisible();

  // Back from the code step returns to the e-mail step.
  await reset.getByRole('button', { name: 'Back' }).click();
  await expect(reset.getByLabel('Email')).toHaveValue(email);
  await reset.getByRole('button', { name: 'Send Reset Code' }).click();
  // The second code replaces the first: read the mailbox only once it has been sent.
  await expect(reset.getByLabel('Reset code')).toBeVisible();
  await reset.getByLabel('Reset code').fill(await mailedCode(email, 'reset_password'));
  await reset.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toast(page, 'Code verified')).toBeVisible();
  await reset.getByLabel('New password').fill('second password 2');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Password reset successful')).toBeVisible();

  await signIn(page, email, 'first password 1');
  await expect(toast(page, 'Login failed')).toBeVisible();
  await signIn(page, email, 'second password 2');
  await expect(page).toHaveURL(/\/client$/);
});

test('a client opening /admin sees the not-found page; a guest is sent to sign in', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin/);
  await signIn(page, 'client@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/client$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.goto('/provider');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('each role lands on its own home', async ({ page }) => {
  await signIn(page, 'owner@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/api/logout');

  await signIn(page, 'provider@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Maria' })).toBeVisible();
  await page.goto('/api/logout');

  await signIn(page, 'client@example.com', 'wrong password');
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
});

test('signs in with Google through a real OpenID Connect issuer', async ({ page }) => {
  const email = unique('gia');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  // The issuer's own login and consent pages.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Gia!' })).toBeVisible();
});
