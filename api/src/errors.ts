/** A failure the client caused or may act on; the error middleware turns it into JSON. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Extra top-level fields of the answer, e.g. needsVerification. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () =>
  new AppError(401, 'unauthenticated', 'Please sign in to continue.');
export const forbidden = () =>
  new AppError(403, 'forbidden', 'You do not have access to this page.');
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found.`);
