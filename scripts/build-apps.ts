import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { repoRoot } from '../api/src/config';
import { prerender } from '../web/prerender';

const APPS = ['web', 'pwa'] as const;
/** What the build and prerender write, never sources: their changes say nothing is stale. */
const OUTPUTS = new Set(['node_modules', 'dist', 'dist-ssr']);
/** Written when an app's build (and prerender) finished: the moment its output is from. */
const STAMP = '.built';

/**
 * The newest change under `entry`. A folder's own time counts (a file added or removed) except
 * the app's root, whose time the prerender moves when it removes its dist-ssr/ scratch folder.
 */
function newestChange(entry: string, isRoot = true): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    isRoot ? 0 : stat.mtimeMs,
    ...readdirSync(entry).map((name) =>
      OUTPUTS.has(name) ? 0 : newestChange(path.join(entry, name), false),
    ),
  );
}

/** Whether the app in `root` needs building: no finished build yet, or a source changed since. */
export function isStale(root: string, sharedSources = path.join(repoRoot, 'shared/src')): boolean {
  const stamp = path.join(root, 'dist', STAMP);
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  return builtAt <= Math.max(newestChange(sharedSources), newestChange(root));
}

/** Marks the app in `root` as built now. */
export function stampBuilt(root: string): void {
  writeFileSync(path.join(root, 'dist', STAMP), `${new Date().toISOString()}\n`);
}

/**
 * Builds each front end whose output is missing or older than its sources (or shared/), or
 * every one when `all` (npm run build).
 */
export async function buildStaleApps(
  log: (line: string) => void = console.log,
  all = false,
): Promise<void> {
  // Vite sets NODE_ENV=production in this process while it builds; the server started after
  // must still see the environment the user gave it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await buildEach(log, all);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function buildEach(log: (line: string) => void, all: boolean): Promise<void> {
  for (const app of APPS) {
    const root = path.join(repoRoot, app);
    if (!all && !isStale(root)) continue;
    log(`Building ${app}/ …`);
    await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts') });
    if (app === 'web') await prerender();
    stampBuilt(root);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildStaleApps(console.log, process.argv.includes('--all'));
}
