import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../api/src/config';
import { nodeBinary } from '../scripts/node-lts-binary';

/** The Node.js major the production image runs: the Dockerfile's `FROM node:<major>`. */
export function imageNodeMajor(): number {
  const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
  const major = /^FROM node:(\d+)/m.exec(dockerfile)?.[1];
  if (!major) throw new Error('The Dockerfile names no node:<major> image');
  return Number(major);
}

let chosen: Promise<{ path: string; version: string }> | undefined;

/**
 * The Node.js the bench's servers run on: the image's major by default, so the figures are the
 * runtime that ships (its AsyncLocalStorage, which every request uses, costs far less since 24);
 * BENCH_NODE=current runs them on the Node.js running the bench, BENCH_NODE=<major> on another.
 * Taken from the npm registry once and kept under node_modules/.cache.
 */
export function serverNode(): Promise<{ path: string; version: string }> {
  chosen ??= (async () => {
    const wanted = process.env.BENCH_NODE ?? String(imageNodeMajor());
    const major = Number(wanted);
    if (wanted === 'current' || major === Number(process.versions.node.split('.')[0])) {
      return { path: process.execPath, version: process.versions.node };
    }
    if (!Number.isInteger(major) || major < 1) {
      throw new Error(`BENCH_NODE is "${wanted}": a Node.js major (24) or "current"`);
    }
    const binary = await nodeBinary(major);
    return { path: binary.path, version: binary.version };
  })().then((node) => {
    console.log(`Servers run on Node.js ${node.version} (${node.path})`);
    return node;
  });
  return chosen;
}
