import type { IncomingMessage } from 'node:http';

/** A refused request's body up to this size is read to its end before the answer. */
export const DRAIN_MAX_BYTES = 1024 * 1024;
const DRAIN_MS = 5_000;

/**
 * Reads and drops the rest of a small declared body of a request refused before reading it
 * (not signed in, the database away), so the answer goes out on a connection that stays open.
 * Closing instead, while the client is still sending, makes the kernel reset the connection,
 * and the client may see the reset before the answer: a 503 it would retry becomes "fetch
 * failed". True when the body ended; false for a large or undeclared body or one still
 * arriving after DRAIN_MS, whose connection the caller closes.
 */
export function drainSmallBody(req: IncomingMessage): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  const declared = Number(req.headers['content-length']);
  if (!Number.isFinite(declared) || declared > DRAIN_MAX_BYTES || req.destroyed) {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const done = (ended: boolean) => {
      clearTimeout(timer);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(ended);
    };
    const onEnd = () => done(true);
    const onClose = () => done(req.complete);
    const timer = setTimeout(() => done(false), DRAIN_MS);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.resume();
  });
}
