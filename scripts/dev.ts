// npm run dev: the API (restarting on change) plus both Vite dev servers with hot reload.
// Open http://localhost:5173 — it proxies /api to the API and /provider to the PWA's server.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../api/src/config';

const processes: [string, string[]][] = [
  ['api', ['tsx', 'watch', '--clear-screen=false', 'api/src/server.ts']],
  ['web', ['vite', '--config', 'web/vite.config.ts', 'web']],
  ['pwa', ['vite', '--config', 'pwa/vite.config.ts', 'pwa']],
];

const children: ChildProcess[] = processes.map(([name, [command, ...args]]) => {
  // The package binaries directly (not npx) so a signal reaches the real process.
  const child = spawn(path.join(repoRoot, 'node_modules/.bin', command as string), args, {
    cwd: repoRoot,
    env: { ...process.env, FORCE_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n');
  child.stdout?.on('data', (chunk: Buffer) => console.log(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => console.error(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited (${code ?? 'signal'}); stopping the others`);
    shutdown();
  });
  return child;
});

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
console.log('Dev: open http://localhost:5173 (provider app at http://localhost:5173/provider/)');
