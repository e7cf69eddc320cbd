// Renders the provider app's install icons (pwa/public/icons) from pwa/public/icon.svg with the
// Chromium the tests use (scripts/browser.ts): `npx tsx scripts/make-icons.ts`. Run again only
// when the logo changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { browser } from './browser';

const root = path.resolve(import.meta.dirname, '../pwa/public');
const svg = readFileSync(path.join(root, 'icon.svg'), 'utf8');
// A maskable icon is cropped to a circle of 80% of its size: the mark sits inside that, on a
// background that bleeds to every edge.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0f766e"/><g transform="translate(12.8 12.8) scale(0.6)"><path d="M20 34l8 8 16-18" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const { executablePath, args } = browser();
const chrome = await chromium.launch({ executablePath, args });
for (const [name, size, source] of [
  ['icon-192.png', 192, svg],
  ['icon-512.png', 512, svg],
  ['icon-maskable-512.png', 512, maskable],
] as const) {
  const page = await chrome.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
  );
  await page.screenshot({ path: path.join(root, 'icons', name), omitBackground: true });
  await page.close();
}
await chrome.close();
