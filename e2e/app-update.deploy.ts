import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from '../api/src/config';
import {
  acceptNewJob,
  controlledByWorker,
  openPhone,
  serverEvents,
  standAtJob,
  syncBadge,
} from './phone';

// A deploy rewrites the provider app's service worker on disk, which every phone open at the
// time would see: this runs in its own project, after all the others (playwright.config.ts).
test.describe.configure({ timeout: 90_000 });

test('a new version waits while anything is left to sync, and applies on the tap once synced', async () => {
  const { context, page, close } = await openPhone();
  const swFile = path.join(repoRoot, 'pwa/dist/sw.js');
  const original = await readFile(swFile, 'utf8');
  try {
    const job = await acceptNewJob(page, 'provider@example.com');
    await standAtJob(context, job);
    await page.goto(`/provider/jobs/${job.id}`);
    await controlledByWorker(page);
    // Another tab holds the outbox (one tab drains at a time), so the punch waits while online.
    const otherTab = await context.newPage();
    await otherTab.goto('/api/health');
    await otherTab.evaluate(() => {
      void navigator.locks.request('twinclean-outbox', () => new Promise(() => {}));
    });
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: 1 waiting');

    // A deploy: the server now has a different service worker.
    await writeFile(swFile, `${original}\n// the next version\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'A new version' });
    await expect(prompt).toHaveText(
      'A new version is ready. It installs once the waiting item has synced.Update',
    );
    await expect(prompt.getByRole('button', { name: 'Update' })).toBeDisabled();

    await otherTab.close();
    const status = page.getByRole('dialog', { name: 'Sync status' });
    await expect(async () => {
      if (!(await status.isVisible())) await syncBadge(page).click();
      await status.getByRole('button', { name: 'Sync now' }).click();
      await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(prompt).toContainText('A new version of the app is ready.');

    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    // The new version takes over and the page reloads under it.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Time Tracking' })).toBeVisible();
    const waiting = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waiting).toBe(false);
    await expect(prompt).toHaveCount(0);
    expect((await serverEvents(job.id)).map((e) => e.type)).toEqual(['clock_in']);
  } finally {
    await writeFile(swFile, original);
    await close();
  }
});
