// Load spread over several server processes from the client side: one autocannon per process,
// all in the same window, so no proxy of ours takes a share of the cores being measured.
import autocannon from 'autocannon';
import { type CpuShare, startCpuShare } from './cpu-share';
import type { LoadResult } from './harness';

export const WARM_UP_SECONDS = 3;

export type SpreadResult = LoadResult & {
  /** req/s each process answered, to see that the load was shared evenly. */
  perProcess: number[];
  /** Cores busy during the measured window: all, per group of the bench's processes, others'. */
  cpu: CpuShare | null;
};

function fire(base: string, requests: autocannon.Request[], connections: number, seconds: number) {
  return autocannon({ url: base, connections, duration: seconds, requests });
}

/**
 * `connections` in all, split evenly over `bases`; each connection walks `requests` in turn (the
 * signed-in providers' boards). A warm-up on every process first, then the measured window.
 * Throughput adds up; latency is the worst process's, so a slow process is not averaged away.
 * `ourPids` (asked after the warm-up, when every pool connection is open) are the groups of
 * processes whose CPU counts as the bench's own, beside this one (the load generator).
 */
export async function spreadLoad(
  label: string,
  bases: string[],
  requests: autocannon.Request[],
  options: {
    connections: number;
    seconds: number;
    ourPids: () => Promise<Record<string, number[]>>;
  },
): Promise<SpreadResult> {
  const each = Math.floor(options.connections / bases.length);
  if (each * bases.length !== options.connections) {
    throw new Error(`${options.connections} connections do not split evenly over ${bases.length}`);
  }
  await Promise.all(bases.map((base) => fire(base, requests, each, WARM_UP_SECONDS)));
  const cpuShare = startCpuShare({ client: [process.pid], ...(await options.ourPids()) });
  const results = await Promise.all(
    bases.map((base) => fire(base, requests, each, options.seconds)),
  );
  const cpu = cpuShare();
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  const non2xx = results.reduce((sum, r) => sum + r.non2xx, 0);
  if (errors || non2xx) {
    throw new Error(
      `${label}: ${errors} errors and ${non2xx} non-2xx answers; the figures would be meaningless`,
    );
  }
  const perProcess = results.map((r) => Math.round(r.requests.average));
  return {
    label,
    requestsPerSecond: perProcess.reduce((sum, n) => sum + n, 0),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    errors,
    non2xx,
    perProcess,
    cpu,
  };
}
