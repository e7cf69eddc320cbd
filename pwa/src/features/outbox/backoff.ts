const FIRST_RETRY_MS = 5_000;
// A phone cannot see a network heal (a gateway, a tower) until it tries again, so its own wait
// stays short enough that the queue drains within half a minute of it (issue 30's chaos run, where
// 5 minutes left punches waiting long after the network was back). A server that needs longer
// says so with Retry-After, which still lengthens the wait (drain-steps.ts).
const MAX_RETRY_MS = 20_000;

/** The wait before try number `failures` + 1: 5 s, doubling, at most 20 s. */
export const backoffMs = (failures: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);
