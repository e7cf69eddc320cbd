// The real server (api/src/server.ts) as its own OS process, the way a deployment runs a `web`
// process: what the scale scenario puts one and then two of on the same database.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { repoRoot } from '../api/src/config';
import { serverNode } from './server-node';

const READY = /TwinClean is running at http:\/\/localhost:(\d+)/;
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

export type WebProcess = { child: ChildProcess; base: string };

/** A port nobody listens on right now, from the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `node --import tsx api/src/server.ts` with ROLE=web on a free port, resolved once it prints
 * its "running at" line. Later stdout is drained (a full pipe would stall the server) and its
 * log lines are passed to stderr, so a warning under load is seen, not swallowed.
 */
export async function startWebProcess(env: {
  DATABASE_URL: string;
  DATA_DIR: string;
}): Promise<WebProcess> {
  const port = await freePort();
  const child = spawn((await serverNode()).path, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      ROLE: 'web',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = false;
  let pending = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`web process on ${port} not ready after ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (!ready && READY.test(line)) {
            ready = true;
            clearTimeout(timer);
            resolve();
          } else if (ready && line.startsWith('{')) {
            process.stderr.write(`[web :${port}] ${line}\n`);
          }
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`web process on ${port} exited (${code ?? signal}) before it was ready`));
      });
    });
  } catch (error) {
    await stopWebProcess({ child, base: '' });
    throw error;
  }
  return { child, base: `http://127.0.0.1:${port}` };
}

/** SIGTERM, then wait for the exit; SIGKILL if the graceful stop hangs. */
export async function stopWebProcess({ child }: WebProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`web process ${child.pid} ignored SIGTERM for ${STOP_TIMEOUT_MS} ms: SIGKILL`);
    child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Signs in over HTTP as the provider app does; answers the session cookies to send back. */
export async function signInOverHttp(
  base: string,
  email: string,
  password: string,
): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((header) => header.split(';')[0]);
  if (!cookies.some((cookie) => cookie?.startsWith('tc.sid='))) {
    throw new Error(`sign-in of ${email} set no session cookie`);
  }
  return cookies.join('; ');
}
