import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { repoRoot } from '../api/src/config';
import { prerender } from '../web/prerender';

const APPS = ['web', 'pwa'] as const;

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(entry).map((name) =>
      name === 'node_modules' || name === 'dist' ? 0 : newestChange(path.join(entry, name)),
    ),
  );
}

/** Builds each front end whose output is missing or older than its sources (or shared/). */
export async function buildStaleApps(log: (line: string) => void = console.log): Promise<void> {
  // Vite sets NODE_ENV=production in this process while it builds; the server started after
  // must still see the environment the user gave it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await buildEach(log);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function buildEach(log: (line: string) => void): Promise<void> {
  const sharedChanged = newestChange(path.join(repoRoot, 'shared/src'));
  for (const app of APPS) {
    const root = path.join(repoRoot, app);
    const built = path.join(root, 'dist/index.html');
    const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
    if (builtAt > Math.max(sharedChanged, newestChange(root))) continue;
    log(`Building ${app}/ …`);
    await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts') });
    if (app === 'web') await prerender();
  }
}
