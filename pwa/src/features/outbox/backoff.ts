const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

/** The wait before try number `failures` + 1: 5 s, doubling, at most 5 minutes. */
export const backoffMs = (failures: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);
