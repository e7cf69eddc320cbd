import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD, demoAccounts } from '../api/db/seeds/demo-accounts';
import { seedDemoData } from '../api/db/seeds/seed';
import { repoRoot } from '../api/src/config';
import { createKnex } from '../api/src/db/connection';
import { browser } from '../scripts/browser';
import { buildStaleApps } from '../scripts/build-apps';
import { staticImportsOf } from '../scripts/built-chunks';
import {
  benchDatabase,
  medianRun,
  ROUNDS,
  saveResult,
  startServerProcess,
  stopServerProcess,
} from './harness';

/** Each page, and the demo account it is opened as (none: a first-time visitor). */
const PAGES: { path: string; as?: keyof typeof demoAccounts }[] = [
  { path: '/' },
  { path: '/services' },
  { path: '/book' },
  { path: '/book/carpet' },
  { path: '/client', as: 'client' },
  { path: '/admin', as: 'owner' },
];
const PORT = '3203';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * The JS a first visit downloads before anything else: the entry script and, through their
 * static imports, every chunk it cannot run without.
 */
function initialJsGzip(): { files: number; bytes: number } {
  const dist = path.join(repoRoot, 'web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set(
    [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string),
  );
  let bytes = 0;
  for (const file of files) {
    const code = readFileSync(path.join(dist, 'assets', file));
    bytes += gzipSync(code, { level: 9 }).length;
    for (const chunk of staticImportsOf(code.toString())) files.add(chunk);
  }
  return { files: files.size, bytes };
}

/**
 * Every script a signed-in provider's first visit to /provider downloads, gzip level 9: the
 * scripts the page itself asks for until the network is quiet (the service worker is blocked,
 * so its precache of every chunk, which a first visit also starts, is not counted as the page's).
 */
async function providerFirstLoadJs(origin: string): Promise<{ files: number; bytes: number }> {
  const { executablePath, args } = browser();
  const chrome = await chromium.launch({ executablePath, args });
  try {
    const context = await chrome.newContext({ serviceWorkers: 'block' });
    const login = await context.request.post(`${origin}/api/auth/login`, {
      data: { email: demoAccounts.provider.email, password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`provider sign-in answered ${login.status()}`);
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push(res.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(`${origin}/provider`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    const sizes = await Promise.all(scripts);
    return { files: sizes.length, bytes: sizes.reduce((sum, n) => sum + n, 0) };
  } finally {
    await chrome.close();
  }
}

type Cookie = { name: string; value: string };

/** A demo account's cookies (the session and its signed-in hint), from the app's own login. */
async function sessionCookies(
  origin: string,
  account: keyof typeof demoAccounts,
): Promise<Cookie[]> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccounts[account].email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`${account} sign-in answered ${res.status}`);
  return res.headers.getSetCookie().map((header) => {
    const [name = '', ...value] = (header.split(';')[0] ?? '').split('=');
    return { name, value: value.join('=') };
  });
}

/** One Lighthouse run's figures. */
function figures(lhr: Awaited<ReturnType<typeof lighthouse>>) {
  const categories = lhr?.lhr.categories ?? {};
  const audits = lhr?.lhr.audits ?? {};
  return {
    ...(Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
    ) as Record<(typeof CATEGORIES)[number], number>),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
  };
}

/**
 * Lighthouse leaves cookies alone, so a page opened as an account finds them in the browser's
 * jar, where the page's own script reads the signed-in hint too (a Cookie header would not be).
 * Each page is run ROUNDS times and the run with the median performance score is reported
 * (Lighthouse's own advice: one run's TBT moves by hundreds of milliseconds on this machine),
 * beside the lowest and highest score. BENCH_PAGES=/client,/admin runs only those pages.
 */
async function lighthouseRuns(
  origin: string,
  chromePort: number,
  cookies: Partial<Record<keyof typeof demoAccounts, Cookie[]>>,
) {
  const results = [];
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const jar = cdp.contexts()[0];
    if (!jar) throw new Error('Chrome has no default browser context');
    const only = process.env.BENCH_PAGES?.split(',');
    for (const { path: page, as } of PAGES.filter((p) => !only || only.includes(p.path))) {
      const runs = [];
      for (let round = 0; round < ROUNDS; round++) {
        await jar.clearCookies();
        await jar.addCookies(
          (as ? cookies[as] : undefined)?.map((c) => ({ ...c, url: origin })) ?? [],
        );
        const run = await lighthouse(`${origin}${page}`, {
          port: chromePort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        runs.push(figures(run));
      }
      const { run, range } = medianRun(runs, (r) => r.performance);
      results.push({
        page: as ? `${page} (${as})` : page,
        ...run,
        perfRange: `${range[0]}–${range[1]}`,
      });
    }
  } finally {
    // Disconnects; the browser stays for the next round.
    await cdp.close();
  }
  return results;
}

/**
 * Lighthouse (mobile, simulated throttling) on the built public pages and, signed in, the
 * client's and the admin's first screens: once on a quiet server, once while autocannon asks
 * the same server for `GET /api/add-ons` (10 connections), which shows how much the pages'
 * own start-up work weighs when the CPU is shared.
 */
export async function pagesScenario(): Promise<void> {
  await buildStaleApps();
  const db = await benchDatabase('twinclean_bench_pages');
  const knex = createKnex(db.url);
  await knex.migrate.latest();
  await seedDemoData(knex);
  await knex.destroy();
  const server = await startServerProcess('bench/servers/api.ts', { DATABASE_URL: db.url, PORT });
  const { executablePath, args } = browser();
  // A headless shell (the bundled Chromium) is headless whatever this flag says.
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: ['--headless=new', ...args],
  });
  const origin = `http://127.0.0.1:${PORT}`;
  let provider: Awaited<ReturnType<typeof providerFirstLoadJs>>;
  let quiet: Awaited<ReturnType<typeof lighthouseRuns>>;
  let loaded: Awaited<ReturnType<typeof lighthouseRuns>>;
  try {
    provider = await providerFirstLoadJs(origin);
    const cookies = {
      client: await sessionCookies(origin, 'client'),
      owner: await sessionCookies(origin, 'owner'),
    };
    quiet = await lighthouseRuns(origin, chrome.port, cookies);
    const load = autocannon(
      { url: `${origin}/api/add-ons`, connections: 10, duration: 3600 },
      () => {},
    );
    try {
      loaded = await lighthouseRuns(origin, chrome.port, cookies);
    } finally {
      load.stop();
    }
  } finally {
    chrome.kill();
    await stopServerProcess(server);
    await db.close();
  }
  const js = initialJsGzip();
  console.log('\npages: Lighthouse, mobile (simulated 4G, 4x CPU slowdown)');
  console.log('quiet server:');
  console.table(quiet);
  console.log('beside GET /api/add-ons load (autocannon, 10 connections):');
  console.table(loaded);
  console.log(
    `initial JS: ${js.files} files, ${(js.bytes / 1024).toFixed(1)} KB gzip (target ≤ 150 KB)`,
  );
  console.log(
    `provider app first load (/provider, signed in): ${provider.files} scripts, ${(provider.bytes / 1024).toFixed(1)} KB gzip (target ≤ 125 KB)`,
  );
  console.log(
    `saved ${await saveResult('pages', { results: quiet, underLoad: loaded, initialJsGzipBytes: js.bytes, providerFirstLoadJsGzipBytes: provider.bytes })}`,
  );
}
