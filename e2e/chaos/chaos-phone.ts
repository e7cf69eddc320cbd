import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { browser } from '../../scripts/browser';
import { keepOfflineAcrossLoads } from '../keep-offline';

export type ChaosPhone = {
  context: BrowserContext;
  /** The page in use: a reopen replaces it. */
  page: () => Page;
  /** Closes the page, as a swipe away does, and opens the app again in a new one. */
  reopen: (url: string) => Promise<Page>;
  close: () => Promise<void>;
};

/**
 * A phone as e2e/phone.ts opens one (its own profile on disk, the real service worker), but
 * reaching the app at `baseURL`: the fault proxy's address.
 */
export async function openChaosPhone(
  baseURL: string,
  where: { latitude: number; longitude: number },
) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'twinclean-chaos-phone-'));
  const { executablePath, args } = browser();
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    args,
    baseURL,
    viewport: { width: 375, height: 800 },
    permissions: ['geolocation'],
    geolocation: where,
  });
  // tsx (the bench) names inner functions with a helper the browser side of evaluate lacks.
  await context.addInitScript('globalThis.__name = (fn) => fn');
  keepOfflineAcrossLoads(context);
  let page = context.pages()[0] ?? (await context.newPage());
  const phone: ChaosPhone = {
    context,
    page: () => page,
    reopen: async (url) => {
      await page.close();
      page = await context.newPage();
      await page.goto(url).catch(() => {});
      return page;
    },
    close: async () => {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return phone;
}
