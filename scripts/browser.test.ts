import { describe, expect, it } from 'vitest';
import { findBrowser, type Machine } from './browser';

/** A machine holding exactly these executables (and these folders in Playwright's cache). */
const machine = (
  executables: string[],
  env: Machine['env'] = {},
  cache: Record<string, string[]> = {},
): Machine => ({
  env: { PATH: '/usr/local/bin:/usr/bin', ...env },
  platform: 'linux',
  home: '/home/me',
  isExecutable: (file) => executables.includes(file),
  list: (dir) => cache[dir] ?? [],
});

const CACHE = '/home/me/.cache/ms-playwright';

describe('findBrowser', () => {
  it('takes CHROMIUM_PATH before anything on the machine', () => {
    const found = findBrowser(
      machine(['/opt/chrome', '/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/chrome' }),
    );
    expect(found).toEqual({ kind: 'CHROMIUM_PATH', executablePath: '/opt/chrome' });
  });

  it('refuses a CHROMIUM_PATH that is not there rather than testing another browser', () => {
    expect(() =>
      findBrowser(machine(['/usr/bin/chromium'], { CHROMIUM_PATH: '/nowhere/chrome' })),
    ).toThrow('CHROMIUM_PATH=/nowhere/chrome is not an executable file');
  });

  it('CHROMIUM_PATH=bundled skips every other browser', () => {
    expect(findBrowser(machine(['/usr/bin/chromium'], { CHROMIUM_PATH: 'bundled' }))).toEqual({
      kind: 'bundled',
    });
  });

  it('finds a system browser on PATH first, then in its usual place', () => {
    expect(findBrowser(machine(['/usr/local/bin/google-chrome', '/usr/bin/chromium']))).toEqual({
      kind: 'system',
      executablePath: '/usr/local/bin/google-chrome',
    });
    expect(findBrowser(machine(['/opt/google/chrome/chrome'], { PATH: '' }))).toEqual({
      kind: 'system',
      executablePath: '/opt/google/chrome/chrome',
    });
  });

  it("then Playwright's cache: the newest full Chromium before any headless shell", () => {
    const cache = {
      [CACHE]: ['chromium-1200', 'chromium-1255', 'chromium_headless_shell-1300', 'ffmpeg-1011'],
    };
    const executables = [
      `${CACHE}/chromium-1200/chrome-linux/chrome`,
      `${CACHE}/chromium-1255/chrome-linux64/chrome`,
      `${CACHE}/chromium_headless_shell-1300/chrome-headless-shell-linux64/chrome-headless-shell`,
    ];
    expect(findBrowser(machine(executables, {}, cache))).toEqual({
      kind: 'playwright-cache',
      executablePath: `${CACHE}/chromium-1255/chrome-linux64/chrome`,
    });
    expect(findBrowser(machine(executables.slice(2), {}, cache))).toEqual({
      kind: 'playwright-cache',
      executablePath: executables[2],
    });
  });

  it('reads PLAYWRIGHT_BROWSERS_PATH for the cache', () => {
    const found = findBrowser(
      machine(
        ['/srv/pw/chromium-1255/chrome-linux64/chrome'],
        {
          PLAYWRIGHT_BROWSERS_PATH: '/srv/pw',
        },
        { '/srv/pw': ['chromium-1255'] },
      ),
    );
    expect(found).toEqual({
      kind: 'playwright-cache',
      executablePath: '/srv/pw/chromium-1255/chrome-linux64/chrome',
    });
  });

  it('falls back to the Chromium npm installed on a machine with none', () => {
    expect(findBrowser(machine([]))).toEqual({ kind: 'bundled' });
  });
});
