import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * What a running process must undo to stop, undone last-in first-out: the HTTP server drains
 * before the job queue stops, and both before the pool closes under them.
 */
export type Lifecycle = {
  /** True from the first stop signal on: /api/health/ready answers 503 and answers close. */
  readonly draining: boolean;
  onStop(name: string, step: () => Promise<void>): void;
  /**
   * Runs every step once, however often it is called; a failing step doesn't skip the rest.
   * Resolves true when every step succeeded.
   */
  stop(reason: string): Promise<boolean>;
};

export function createLifecycle(logger: Logger): Lifecycle {
  let draining = false;
  let stopped: Promise<boolean> | undefined;
  const steps: { name: string; step: () => Promise<void> }[] = [];
  return {
    get draining() {
      return draining;
    },
    onStop(name, step) {
      steps.push({ name, step });
    },
    stop(reason) {
      stopped ??= (async () => {
        draining = true;
        logger.info({ reason }, 'stopping');
        let clean = true;
        for (const { name, step } of steps.reverse()) {
          try {
            await step();
          } catch (error) {
            clean = false;
            logger.error({ err: error, step: name }, 'a stop step failed');
          }
        }
        logger.info({ clean }, 'stopped');
        return clean;
      })();
      return stopped;
    },
  };
}

/**
 * Stops accepting connections, lets requests in flight finish, and cuts off whatever is left
 * after `timeoutMs`. A keep-alive connection is closed as soon as its answer is out, not when
 * its idle timer ends (the app also answers `Connection: close` while draining).
 */
export async function closeHttpServer(server: Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(deadline);
  }
}
