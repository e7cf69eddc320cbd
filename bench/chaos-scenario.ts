// The outbox under 1,000 network faults (issue 30): the real provider app in Chromium works a day
// of jobs behind a fault-injecting proxy (e2e/chaos/), then the network heals and the phone and
// the database are counted: punches and photos lost or applied twice, orphan photo objects and
// rows, and how long the queue took to drain after the last fault. CHAOS_SEED replays a run.
import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from '../api/src/config';
import { runChaos } from '../e2e/chaos/run-chaos';
import { chaosSeed } from '../e2e/chaos/seeded-random';
import { E2E_SERVER_COMMAND } from '../e2e/database-place';
import { saveResult, stopServerProcess } from './harness';

const PORT = 3271; // its backstage on 3272, its OpenID issuer on 3273
const FAULTS = Number(process.env.CHAOS_FAULTS ?? 1000);
const DELAY_CAP_MS = 30_000;

/** e2e/serve.ts, as the browser tests run it: the built app, its own database, its backstage. */
async function startApp(): Promise<ChildProcess> {
  const [command = 'node', ...args] = E2E_SERVER_COMMAND.split(' ');
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`e2e/serve.ts exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() - started > 180_000) throw new Error('e2e/serve.ts did not start in 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function chaosScenario(): Promise<void> {
  const seed = chaosSeed();
  console.log(`\nchaos: CHAOS_SEED=${seed}, ${FAULTS} faults, delays up to ${DELAY_CAP_MS} ms`);
  const app = await startApp();
  try {
    const result = await runChaos({
      appPort: PORT,
      seed,
      faults: FAULTS,
      rate: 0.6,
      delayCapMs: DELAY_CAP_MS,
      offlineCapMs: DELAY_CAP_MS,
      driveLimitMs: 3 * 3_600_000,
      drainLimitMs: 10 * 60_000,
    });
    console.table([
      {
        faults: result.faults.injected,
        'jobs worked': result.day.jobsWorked,
        'punches recorded': result.punches.recorded,
        'punches lost': result.punches.lost,
        'punches doubled': result.punches.doubled,
        'photos recorded': result.photos.recorded,
        'photos lost': result.photos.lost,
        'photos doubled': result.photos.doubled,
        orphans: result.photos.orphanObjects + result.photos.orphanRows,
        'drain ms': result.drainMs ?? 'not drained',
        'duration s': Math.round(result.durationMs / 1000),
      },
    ]);
    console.table(result.faults.byKind);
    console.log(`saved ${await saveResult('chaos', result)}`);
  } finally {
    await stopServerProcess(app);
  }
}
