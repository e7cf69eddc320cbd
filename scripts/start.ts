// npm start: build what is not built, then run everything on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../api/src/server';

/**
 * Builds the stale front ends in a process of their own: Vite's build holds about a gigabyte
 * that a server started in the same process would keep for its whole life.
 */
async function buildInChild(): Promise<void> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-apps.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  // Stopped while building: the build stops too.
  const stop = () => {
    child.kill('SIGTERM');
    process.exit(1);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  process.off('SIGINT', stop).off('SIGTERM', stop);
  if (code !== 0) throw new Error(`Building the front ends failed (exit code ${code}).`);
}

try {
  await buildInChild();
  await startServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
