import type { Knex } from 'knex';

// A socket's own failure codes say nothing of whose socket it was: the same ECONNREFUSED from a
// gateway or an object store is theirs to name. These are the database's only when marked so
// by the pool that met them (markDatabaseErrors).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const fromDatabase = new WeakSet<object>();

/** Notes that this error came from talking to the database (it may be a socket's own). */
export function markDatabaseError(error: unknown): void {
  if (typeof error === 'object' && error !== null) fromDatabase.add(error);
}

/**
 * Marks every error of this pool's connecting and querying, so a refused or reset socket among
 * them reads as the database being away. knex reports a transaction's failed queries on the
 * pool too.
 */
export function markDatabaseErrors(db: Knex): void {
  type Client = { acquireConnection(this: Client): Promise<unknown> };
  const client = db.client as Client;
  const acquire = client.acquireConnection;
  client.acquireConnection = function () {
    return acquire.call(this).catch((error: unknown) => {
      markDatabaseError(error);
      throw error;
    });
  };
  db.on('query-error', markDatabaseError);
}

// PostgreSQL going away: class 08 (connection exception), and 57P01–57P03 (shut down by an
// administrator, after a crash, or starting up and not taking connections yet).
const GONE_STATE = /^(08...|57P0[123])$/;

// node-postgres's own words for a connection that died under it; they carry no code. knex puts
// the statement before them ("ROLLBACK - Connection terminated unexpectedly").
const GONE_MESSAGE =
  /Connection terminated|Connection ended unexpectedly|Client has encountered a connection error/;

/**
 * Whether this error says the database cannot be talked to now (restarting, failing over, out of
 * reach), as opposed to a query it refused: the same request will work once it is back.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, nativeError } = error as Record<string, unknown>;
  if (typeof nativeError === 'object' && nativeError !== null) {
    return isDatabaseUnreachable(nativeError);
  }
  if (typeof code === 'string' && GONE_STATE.test(code)) return true;
  if (typeof message === 'string' && GONE_MESSAGE.test(message)) return true;
  if (!fromDatabase.has(error)) return false;
  // node-postgres's connectionTimeoutMillis passing, as generic words as a socket's codes.
  return (typeof code === 'string' && NETWORK_CODES.has(code)) || message === 'timeout expired';
}
