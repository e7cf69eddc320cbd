import { expect, type Page, test } from '@playwright/test';
import {
  acceptNewJob,
  clockInOnline,
  localOutbox,
  openPhone,
  serverPhotos,
  syncBadge,
} from './phone';

// Issue 30: chosen photos are kept on the phone before compression, which takes seconds on a
// phone; a page reloaded or closed while "Saving..." shows loses none of them, and the next page
// compresses and sends each exactly once.
test.describe.configure({ timeout: 120_000 });

/** A 12 MP camera-like JPEG (noise in small blocks, under the 5 MB limit) made by the page. */
async function cameraJpeg(page: Page, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (seed) => {
    const [width, height, block] = [4000, 3000, 6];
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    let state = seed;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let y = 0; y < height; y += block) {
      for (let x = 0; x < width; x += block) {
        context.fillStyle = `rgb(${(random() * 255) | 0},${((x / 16) % 255) | 0},${((y / 12) % 255) | 0})`;
        context.fillRect(x, y, block, block);
      }
    }
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.6 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  }, seed);
  return Buffer.from(base64, 'base64');
}

test('photos chosen and then a reload while they compress reach the outbox and the server once each', async () => {
  const { context, page, close } = await openPhone();
  try {
    const job = await acceptNewJob(page, 'provider@example.com');
    await page.goto(`/provider/jobs/${job.id}`);
    await clockInOnline(page, job.id);
    const photos = [await cameraJpeg(page, 7), await cameraJpeg(page, 11)];
    for (const photo of photos) expect(photo.length).toBeLessThan(5 * 1024 * 1024);

    // A phone's CPU: compressing a 12 MP photo takes seconds.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.getByLabel('Add before photos').setInputFiles([
      { name: 'hall.jpg', mimeType: 'image/jpeg', buffer: photos[0] as Buffer },
      { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: photos[1] as Buffer },
    ]);
    await expect(page.getByText('Saving...')).toBeVisible();
    // Kept as chosen before compression ends; the badge counts them from then on.
    await expect
      .poll(async () => (await localOutbox(page)).filter((e) => e.kind === 'photo').length)
      .toBe(2);
    await expect(syncBadge(page)).toHaveAccessibleName(/2 waiting/);
    const kept = (await localOutbox(page)).filter((e) => e.kind === 'photo');
    // The reload comes while compression still runs.
    expect(kept.map((e) => e.status)).toContain('raw');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.reload();

    // Two tabs open: the photos are still compressed and sent once.
    const second = await context.newPage();
    await second.goto(`/provider/jobs/${job.id}`);
    for (const tab of [page, second]) {
      await expect(syncBadge(tab)).toHaveAccessibleName('Sync status: Synced', {
        timeout: 60_000,
      });
    }
    const sent = (await localOutbox(page)).filter((e) => e.kind === 'photo');
    expect(sent.map((e) => [e.id, e.status, e.occurredAt])).toEqual(
      kept.map((e) => [e.id, 'sent', e.occurredAt]),
    );
    const onServer = await serverPhotos(job.id);
    expect(onServer.map((p) => p.photoType)).toEqual(['before', 'before']);
    await expect(page.getByRole('img', { name: /^Before photo/ })).toHaveCount(2);
  } finally {
    await close();
  }
});
