import { AppError } from '../../errors';

// Long enough for a store that restarts to come back, short enough that a photo is not held long.
const RETRY_AFTER_SECONDS = 5;

/**
 * The store cannot take or give bytes just now: down, unreachable, too slow, failing on its side,
 * or out of room. Nothing the request did wrong and nothing written, so it is answered 503 with
 * Retry-After, which the phone's outbox sends again later with the same photo ids. A store that
 * refuses our keys or has no bucket is a broken setup, not this, and stays a loud failure.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(503, 'storage_unavailable', 'Photo storage is not reachable. Please try again.', {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
    this.cause = cause;
  }
}

/** Runs a storage call, its "not now" failures (as `isUnavailable` tells them) made that error. */
export async function guardUnavailable<T>(
  isUnavailable: (error: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isUnavailable(error) ? new StorageUnavailableError(error) : error;
  }
}
