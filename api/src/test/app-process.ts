import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../config';

/** One app process, started with the command the image runs, its log lines kept as JSON. */
export type AppProcess = {
  role: 'all' | 'web' | 'worker';
  url: string;
  pid: number;
  child: ChildProcess;
  /** Every JSON log line written so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
};

/**
 * Starts `node --import tsx api/src/server.ts` (the Dockerfile's CMD) with `env` on a free
 * port of 127.0.0.1, each with a data folder of its own (so nothing can pass through a disk),
 * and resolves once it listens.
 */
export async function startAppProcess(
  role: AppProcess['role'],
  env: Record<string, string>,
): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `twinclean-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      ROLE: role,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let output = '';
  /** Everything it wrote, for the error when it fails to start. */
  let transcript = '';
  // 'close', not 'exit': the output is all read by then, so a failure can be shown whole.
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
        transcript += `${line}\n`;
        const port = /running .*http:\/\/localhost:(\d+)/.exec(line)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => {
      transcript += chunk.toString();
    });
    void exited.then((code) =>
      reject(
        new Error(`The ${role} process ended (${code}) before listening:\n${transcript}${output}`),
      ),
    );
  });
  const url = await listening;
  return { role, url, pid: child.pid as number, child, logs, exited };
}

/** SIGTERM, then the exit code it ended with. */
export async function stopAppProcess(app: AppProcess): Promise<number | string> {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
  return app.exited;
}
