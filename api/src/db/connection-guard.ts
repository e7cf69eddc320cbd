import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';

/** The transaction the running code is inside, while its handler has not settled. */
type Held = { open: boolean; startedAt: string };

const held = new AsyncLocalStorage<Held>();

// Every refusal, kept until a test takes them: one swallowed by a `.catch` still fails the test.
const refusals: Error[] = [];
const refuse = (error: Error) => {
  refusals.push(error);
  return error;
};

/** The refusals since the last call (a test's afterEach fails on any). */
export const takeRefusals = (): Error[] => refusals.splice(0);

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** Where our code began the transaction: the stack without knex's and Objection's frames. */
const callerFrames = (stack: string) =>
  stack
    .split('\n')
    .slice(1)
    .filter((line) => !/node_modules[\\/](knex|objection)[\\/]|connection-guard\.ts/.test(line))
    .slice(0, 6)
    .join('\n');

export class SecondConnectionError extends Error {
  constructor(readonly transactionStartedAt: string) {
    super(
      'A second pool connection was asked for while this code holds a transaction. ' +
        'With every connection held by such a request, the pool starves and the API freezes: ' +
        'do the outside call (gateway, e-mail, the pool) before or after the transaction, or ' +
        `pass it the transaction. The transaction began at:\n${transactionStartedAt}`,
    );
    this.name = 'SecondConnectionError';
  }
}

export class OutsideCallInTransactionError extends Error {
  constructor(call: string, transactionStartedAt: string) {
    super(
      `${call} was called inside a database transaction: claim in one transaction, call ` +
        `after it commits, then record in another. The transaction began at:\n${transactionStartedAt}`,
    );
    this.name = 'OutsideCallInTransactionError';
  }
}

/**
 * Makes a pool refuse, loudly, a connection asked for by code that is running inside one of
 * its transactions (a gateway call, a mailer or a query on the pool instead of the
 * transaction). Each such request holds one connection while waiting for a second, so ten at
 * once deadlock a pool of ten and every other request with it (issue 26's freeze). Tests turn
 * this on for every database.
 */
export function guardConnections(knex: Knex): void {
  // knex's client methods are untyped internals, stable since knex 0.95. `this`, not a bound
  // client: knex clones a client by copying its own properties (withUserParams), and a clone's
  // transaction must stay the clone's.
  type Client = {
    acquireConnection(this: Client): Promise<unknown>;
    transaction(this: Client, container: unknown, config: unknown, outerTx: unknown): unknown;
  };
  const client = knex.client as Client;
  const acquire = client.acquireConnection;
  client.acquireConnection = function () {
    const trx = held.getStore();
    if (trx?.open) {
      return Promise.reject(refuse(new SecondConnectionError(trx.startedAt)));
    }
    return acquire.call(this);
  };
  // Only top-level transactions come here: a savepoint goes through the transaction's own
  // client, whose connection is the one already held.
  const transaction = client.transaction;
  client.transaction = function (container, config, outerTx) {
    if (typeof container !== 'function') return transaction.call(this, container, config, outerTx);
    const startedAt = callerFrames(new Error().stack ?? '');
    const run = (trx: unknown) => {
      const state: Held = { open: true, startedAt };
      // Work the handler started that outlives it (a timer, a queue's poller) runs free.
      const close = () => {
        state.open = false;
      };
      return held.run(state, () => {
        let result: unknown;
        try {
          result = container(trx);
        } catch (error) {
          close();
          throw error;
        }
        // knex commits when a handler's promise settles, and leaves a transaction asked for
        // without a handler (`await knex.transaction()`) open: keep that difference.
        if (isThenable(result)) return Promise.resolve(result).finally(close);
        close();
        return result;
      });
    };
    return transaction.call(this, run, config, outerTx);
  };
}

/**
 * An outside service (payment gateway, mailer, push sender) that refuses to be called from inside
 * a guarded transaction: a call that waits on the network while holding a row lock and a pooled
 * connection is the same freeze with more steps. Tests wrap the app's adapters in this; a nested
 * object (the gateway's `billing`) is wrapped too.
 */
export function outsideTransactionsOnly<T extends object>(service: T, name: string): T {
  return new Proxy(service, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value === 'function') {
        return function (this: unknown, ...args: unknown[]) {
          const trx = held.getStore();
          if (trx?.open) {
            throw refuse(
              new OutsideCallInTransactionError(`${name}.${String(property)}`, trx.startedAt),
            );
          }
          return value.apply(this === receiver ? target : this, args);
        };
      }
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return outsideTransactionsOnly(value, `${name}.${String(property)}`);
      }
      return value;
    },
  });
}
