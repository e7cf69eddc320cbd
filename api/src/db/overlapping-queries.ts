import pg from 'pg';

/**
 * The words of pg's deprecation for a query sent to a client that is still answering another:
 * pg 8 queues it, pg 9 will not. On a knex transaction (one client) this means a `Promise.all`
 * or a parallel eager load inside the transaction.
 */
const PG_WARNING = 'already executing a query';

export class OverlappingQueryError extends Error {
  constructor(detail: string) {
    super(
      'A query was sent on a database connection still running another: a transaction ran ' +
        'queries at once (Promise.all on one `trx`, or a parallel eager load on it). Run them one ' +
        `after the other, or outside the transaction. ${detail}`,
    );
    this.name = 'OverlappingQueryError';
  }
}

/** Whether a process warning is pg's "already executing a query" deprecation. */
export const isOverlappingQueryWarning = (warning: Error): boolean =>
  warning.message.includes(PG_WARNING);

const sqlOf = (config: unknown): string => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown })?.text;
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').slice(0, 200) : '(a prepared query)';
};

// Kept on globalThis: pg is loaded once per process, but this module may be evaluated once per
// test file, and one patch must feed one list.
type Watch = { found: Error[] };
const WATCH = Symbol.for('twinclean.overlapping-queries');
const store = globalThis as typeof globalThis & { [WATCH]?: Watch };

type Callback = (error: Error | null, result?: unknown) => void;
type Query = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Records every query sent on a pg client before the client answered its previous one, and
 * pg's deprecation warning for it. pg warns once per process (util.deprecate), and only when a
 * third query is sent at once, so the warning alone would let two at once, and every occurrence
 * after the first, pass: the client's own `query` is watched too. Tests turn this on for every
 * test database (test/test-database.ts).
 */
export function watchOverlappingQueries(): void {
  if (store[WATCH]) return;
  const watch: Watch = { found: [] };
  store[WATCH] = watch;
  process.on('warning', (warning) => {
    if (isOverlappingQueryWarning(warning)) {
      watch.found.push(new OverlappingQueryError(`pg warned: ${warning.message}`));
    }
  });
  // The SQL of each query a client has been sent and not yet answered.
  const running = new WeakMap<pg.Client, string[]>();
  const query = pg.Client.prototype.query as unknown as Query;
  const watched: Query = function (config, values, callback) {
    // Submittables (cursors, streams) end through events; the app sends none, so they pass.
    if ((config as { submit?: unknown } | null)?.submit) {
      return query.call(this, config, values, callback);
    }
    const sql = sqlOf(config);
    const before = running.get(this) ?? [];
    if (before.length > 0) {
      watch.found.push(
        new OverlappingQueryError(`Still running: ${before.join(' | ')}\nSent alongside: ${sql}`),
      );
    }
    running.set(this, [...before, sql]);
    const settle = () => {
      const now = running.get(this) ?? [];
      const at = now.indexOf(sql);
      if (at >= 0) now.splice(at, 1);
    };
    const answer = typeof callback === 'function' ? callback : values;
    if (typeof answer === 'function') {
      const done: Callback = (error, result) => {
        settle();
        (answer as Callback)(error, result);
      };
      return typeof callback === 'function'
        ? query.call(this, config, values, done)
        : query.call(this, config, done);
    }
    const result = query.call(this, config, values) as Promise<unknown>;
    result.then(settle, settle);
    return result;
  };
  pg.Client.prototype.query = watched as unknown as typeof pg.Client.prototype.query;
}

/** The overlaps since the last call (a test's afterEach fails on any). */
export const takeOverlappingQueries = (): Error[] => store[WATCH]?.found.splice(0) ?? [];
