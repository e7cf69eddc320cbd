import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStale, stampBuilt } from './build-apps';

let root: string;
let app: string;
let shared: string;
// File times a second apart, set by hand: the test never depends on the clock's resolution.
let clock = Date.now() / 1000 - 1000;
const touch = (file: string) => {
  clock += 1;
  utimesSync(file, clock, clock);
};
const write = (file: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  touch(file);
  touch(path.dirname(file));
};
const stamp = () => {
  stampBuilt(app);
  touch(path.join(app, 'dist/.built'));
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-apps-'));
  app = path.join(root, 'web');
  shared = path.join(root, 'shared/src');
  write(path.join(app, 'src/main.tsx'));
  write(path.join(shared, 'pricing.ts'));
  mkdirSync(path.join(app, 'dist'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('isStale', () => {
  it('is stale before any finished build', () => {
    write(path.join(app, 'dist/index.html'));
    expect(isStale(app, shared)).toBe(true);
  });

  it('is fresh after a build, even though the prerender then removed its scratch folder', () => {
    write(path.join(app, 'dist/index.html'));
    stamp();
    // What web/prerender.ts does last: dist-ssr/ comes and goes, moving web/'s own time.
    write(path.join(app, 'dist-ssr/entry-server.js'));
    rmSync(path.join(app, 'dist-ssr'), { recursive: true });
    touch(app);
    expect(isStale(app, shared)).toBe(false);
  });

  it('is stale when a source of the app or of shared/ changes, or a file is added', () => {
    stamp();
    touch(path.join(app, 'src/main.tsx'));
    expect(isStale(app, shared)).toBe(true);
    stamp();
    touch(path.join(shared, 'pricing.ts'));
    expect(isStale(app, shared)).toBe(true);
    stamp();
    write(path.join(app, 'src/routes/new-page.tsx'));
    expect(isStale(app, shared)).toBe(true);
  });
});
