import { expect, type Locator, test } from '@playwright/test';
import { pngOfSize } from '../api/src/test/photo-fixtures';
import { signIn } from './helpers';
import { acceptNewJob, clockInOnline, controlledByWorker, openPhone, syncBadge } from './phone';

// Issue 29: a photo's box has its size before the picture arrives, so the page does not jump as
// it loads. The phone measures each photo; the server keeps and answers that size.
test.describe.configure({ timeout: 90_000 });

/** The img's size attributes, whether its picture has arrived, and the box it takes. */
const box = async (img: Locator) => ({
  width: await img.getAttribute('width'),
  height: await img.getAttribute('height'),
  loaded: await img.evaluate((el: HTMLImageElement) => el.naturalWidth > 0),
  box: await img.boundingBox(),
});

test('a photo keeps its space while it loads, on the phone and for the admin', async ({
  browser,
}) => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, 'provider@example.com');
    await page.goto(`/provider/jobs/${job.id}`);
    // Offline, the compressor comes from the service worker's cache.
    await controlledByWorker(page);
    await clockInOnline(page, job.id);
    // Offline, the photo waits on the phone with the size the phone measured.
    await context.setOffline(true);
    await page
      .getByLabel('Add before photos')
      .setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: pngOfSize(40, 30) });
    const local = page.getByRole('img', { name: 'Before photo 1' });
    await expect(local).toHaveAttribute('width', '40');
    await expect(local).toHaveAttribute('height', '30');
    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveAccessibleName('Sync status: Synced', { timeout: 20_000 });

    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(admin, 'staff@example.com');
      await expect(admin).toHaveURL(/\/admin/);
      // The picture never arrives: only the answer's size can shape its box.
      await admin.route('**/api/photos/**', () => {});
      await admin.goto(`/admin/bookings/${job.id}`);
      const img = admin.getByRole('img', { name: 'Before the job, 1 of 1' });
      await expect(img).toBeAttached();
      const seen = await box(img);
      expect(seen).toMatchObject({ width: '40', height: '30', loaded: false });
      // Thumbnails are square crops: the box is as tall as it is wide before the picture comes.
      expect(seen.box?.width).toBeGreaterThan(50);
      expect(seen.box?.height).toBeCloseTo(seen.box?.width ?? 0, 0);
    } finally {
      await admin.close();
    }
  } finally {
    await close();
  }
});
