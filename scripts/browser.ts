// The Chromium that the browser tests, the benches and the icon script drive, found once per run
// so that `npm install && npm test` needs nothing else on the machine. `npx tsx scripts/browser.ts`
// prints which one this machine gets.
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the browser came from, in the order they are tried. */
export type BrowserKind = 'CHROMIUM_PATH' | 'system' | 'playwright-cache' | 'bundled';

export type Browser = {
  executablePath: string;
  args: string[];
  kind: BrowserKind;
  /** What the binary says of itself, e.g. "Chromium 143.0.7499.0". */
  version: string;
};

/** The value of CHROMIUM_PATH that skips every other browser for the one npm installed. */
export const BUNDLED = 'bundled';

/** Flags for any of them; without the networking ones Chromium dials Google at every start. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

const SYSTEM_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'chrome',
];
const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];
/** Inside a `chromium-<revision>` folder of Playwright's cache, newest layout first. */
const PLAYWRIGHT_CHROMIUM = [
  'chrome-linux64/chrome',
  'chrome-linux/chrome',
  'chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
  'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
];
/** Inside a `chromium_headless_shell-<revision>` folder: tried after every full Chromium. */
const PLAYWRIGHT_SHELL = [
  'chrome-headless-shell-linux64/chrome-headless-shell',
  'chrome-linux/headless_shell',
];

/** What the search reads of the machine; the tests hand in a made-up one. */
export type Machine = {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  home: string;
  isExecutable: (file: string) => boolean;
  list: (dir: string) => string[];
};

export type Found =
  | { kind: Exclude<BrowserKind, 'bundled'>; executablePath: string }
  | { kind: 'bundled' };

/**
 * CHROMIUM_PATH (a path, or `bundled`) → a Chromium or Chrome on PATH or in its usual place →
 * Playwright's own download cache → the Chromium npm installed. A CHROMIUM_PATH that is not an
 * executable is an error, never a reason to quietly test another browser.
 */
export function findBrowser(machine: Machine): Found {
  const asked = machine.env.CHROMIUM_PATH;
  if (asked === BUNDLED) return { kind: 'bundled' };
  if (asked) {
    if (!machine.isExecutable(asked))
      throw new Error(`CHROMIUM_PATH=${asked} is not an executable file`);
    return { kind: 'CHROMIUM_PATH', executablePath: asked };
  }
  const onPath = (machine.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((dir) => SYSTEM_NAMES.map((name) => path.join(dir, name)));
  const system = [...onPath, ...SYSTEM_PATHS].find(machine.isExecutable);
  if (system) return { kind: 'system', executablePath: system };
  const cached = playwrightCache(machine);
  if (cached) return { kind: 'playwright-cache', executablePath: cached };
  return { kind: 'bundled' };
}

function playwrightCache(machine: Machine): string | undefined {
  const { env, home, platform } = machine;
  const root =
    env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== '0'
      ? env.PLAYWRIGHT_BROWSERS_PATH
      : platform === 'darwin'
        ? path.join(home, 'Library/Caches/ms-playwright')
        : path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'ms-playwright');
  const folders = machine.list(root);
  const newestFirst = (prefix: string) =>
    folders
      .filter((name) => new RegExp(`^${prefix}-\\d+$`).test(name))
      .sort((a, b) => Number(b.split('-').pop()) - Number(a.split('-').pop()));
  const candidates = [
    ...newestFirst('chromium').flatMap((f) =>
      PLAYWRIGHT_CHROMIUM.map((p) => path.join(root, f, p)),
    ),
    ...newestFirst('chromium_headless_shell').flatMap((f) =>
      PLAYWRIGHT_SHELL.map((p) => path.join(root, f, p)),
    ),
  ];
  return candidates.find(machine.isExecutable);
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return !file.endsWith('/');
  } catch {
    return false;
  }
};

const thisMachine = (): Machine => ({
  env: process.env,
  platform: process.platform,
  home: os.homedir(),
  isExecutable,
  list: (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
});

/**
 * @sparticuz/chromium's headless shell (no install script: the binary is in the package,
 * brotli-compressed). Its executablePath() decompresses into os.tmpdir(), so it runs in a child
 * with TMPDIR pointing at a folder of our own, named by the package's version (a stale
 * /tmp/chromium from another version is never picked up), and moved into place whole (a run
 * that starts while another is decompressing never launches a half-written binary).
 */
function bundledChromium(): string {
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium');
  } catch {
    throw new Error('No Chromium found, and @sparticuz/chromium is not installed: run npm install');
  }
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `No Chromium or Chrome found, and the bundled one runs only on Linux x64: install Chrome or set CHROMIUM_PATH`,
    );
  const packageRoot = path.resolve(path.dirname(entry), '../..');
  const { version } = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const dir = path.resolve(
    import.meta.dirname,
    '../node_modules/.cache/sparticuz-chromium',
    version,
  );
  const executable = path.join(dir, 'chromium');
  if (isExecutable(executable)) return executable;
  const staging = `${dir}.${process.pid}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const unpack = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { default: c } = await import(${JSON.stringify(pathToFileURL(entry).href)});
       await c.executablePath();`,
    ],
    { env: { ...process.env, TMPDIR: staging }, encoding: 'utf8' },
  );
  if (unpack.status !== 0 || !isExecutable(path.join(staging, 'chromium'))) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Could not decompress @sparticuz/chromium: ${unpack.stderr || unpack.error}`);
  }
  try {
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another run got there first.
    if (!isExecutable(executable)) throw error;
  }
  return executable;
}

function versionOf(executable: string): string {
  const run = spawnSync(executable, ['--version'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return run.stdout?.trim().split('\n').pop()?.trim() || 'unknown version';
}

/** Handed down to the processes a run starts (Playwright's workers), so they neither look again nor print. */
const INHERITED = 'TWINCLEAN_BROWSER';

let chosen: Browser | undefined;

/** The browser for this run, found on the first call and printed once. */
export function browser(): Browser {
  if (chosen) return chosen;
  const asked = process.env.CHROMIUM_PATH ?? '';
  try {
    const inherited = JSON.parse(process.env[INHERITED] ?? 'null') as {
      asked: string;
      browser: Browser;
    } | null;
    if (inherited?.asked === asked && isExecutable(inherited.browser.executablePath)) {
      chosen = inherited.browser;
      return chosen;
    }
  } catch {}
  const found = findBrowser(thisMachine());
  const executablePath = found.kind === 'bundled' ? bundledChromium() : found.executablePath;
  chosen = {
    executablePath,
    args: chromiumArgs,
    kind: found.kind,
    version: versionOf(executablePath),
  };
  process.env[INHERITED] = JSON.stringify({ asked, browser: chosen });
  // stderr: a JSON reporter owns stdout.
  console.error(`Browser: ${chosen.version} (${chosen.kind}) at ${chosen.executablePath}`);
  return chosen;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) browser();
