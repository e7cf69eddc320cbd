import { expect, type Page, test } from '@playwright/test';
import { PORT } from '../playwright.config';
import { signIn, toast } from './helpers';
import { openPhone } from './phone';

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

test.use({ viewport: { width: 1280, height: 800 } });

/** A new provider with no availability (every open job fits), VIP by an admin's mark or not. */
async function provider(vip: boolean): Promise<string> {
  const res = await fetch(`${BACKSTAGE}/provider${vip ? '?vip=1' : ''}`, { method: 'POST' });
  return ((await res.json()) as { email: string }).email;
}

/** The provider's job board, loaded (the demo data always has open jobs on it). */
async function board(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/provider$/);
  await page.goto('/provider/job-board');
  await expect(page.getByRole('button', { name: 'Accept Job' }).first()).toBeVisible();
}

test('a VIP sees and claims a posted job during the VIP window while a non-VIP does not see it yet', async ({
  page,
}) => {
  const { id } = (await (await fetch(`${BACKSTAGE}/open-job`, { method: 'POST' })).json()) as {
    id: string;
  };
  // A bonus of its own, so this run's card is told apart from any other on the board.
  const cents = 1000 + Math.floor(Math.random() * 9000);
  const bonus = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const [vipEmail, plainEmail] = [await provider(true), await provider(false)];

  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin/);
  await page.goto(`/admin/auction-board?post=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Post a job' });
  await expect(dialog.getByLabel('Job', { exact: true })).toHaveValue(id);
  await dialog.getByLabel('Bonus ($)').fill('0');
  await dialog.getByRole('button', { name: 'Post Job' }).click();
  await expect(dialog.getByText('The bonus must be from $1.00 to $500.00')).toBeVisible();
  await dialog.getByLabel('Bonus ($)').fill(bonus);
  await dialog.getByRole('button', { name: 'Post Job' }).click();
  await expect(toast(page, 'Job posted')).toBeVisible();
  const post = page.getByRole('listitem').filter({ hasText: `+$${bonus} bonus` });
  await expect(post.getByText('VIP window', { exact: true })).toBeVisible();
  await expect(post.getByText(/VIP window ends in 1 h 5\d min/)).toBeVisible();

  const vip = await openPhone({ serviceWorkers: 'block' });
  const plain = await openPhone({ serviceWorkers: 'block' });
  try {
    await board(plain.page, plainEmail);
    await board(vip.page, vipEmail);
    const urgent = vip.page.getByRole('article').filter({ hasText: `+$${bonus} bonus` });
    await expect(urgent.getByText('Urgent job')).toBeVisible();
    await expect(plain.page.getByText(`+$${bonus} bonus`)).toHaveCount(0);

    await urgent.getByRole('button', { name: 'Accept Job' }).click();
    await expect(toast(vip.page, 'Job Accepted!')).toBeVisible();
    await expect(urgent).toHaveCount(0);

    // The job is hers now, and still tells her what it pays on top.
    await vip.page.goto(`/provider/jobs/${id}`);
    const job = vip.page.getByRole('region', { name: 'Job' });
    await expect(job.getByText('Urgent job')).toBeVisible();
    await expect(job.getByText(`+$${bonus} bonus`)).toBeVisible();
  } finally {
    await vip.close();
    await plain.close();
  }

  await page.reload();
  await expect(post.getByText('Claimed', { exact: true })).toBeVisible();
  await expect(post.getByText(/^Claimed by Jo Fresh on /)).toBeVisible();
  await expect(post.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
});
