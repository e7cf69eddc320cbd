import { accountsStandIn } from './stripe-stand-in-accounts';
import {
  type Answer,
  fail,
  invalid,
  type Json,
  metadataOf,
  missing,
  newId,
  now,
} from './stripe-stand-in-answers';

// Stripe Connect in the Stripe stand-in (issue 33): Express accounts (stripe-stand-in-accounts.ts)
// and transfers from the platform's balance with their list, in Stripe's JSON shapes and errors.

export { NEW_ACCOUNT_DUE, STAND_IN_BANK } from './stripe-stand-in-accounts';

/** Stripe's refusal of a transfer the platform's balance cannot cover (test mode's usual one). */
export const BALANCE_INSUFFICIENT_MESSAGE =
  'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance';

const positiveInteger = (value: string | undefined) => /^[1-9]\d*$/.test(value ?? '');

export function connectStandIn() {
  const accounts = accountsStandIn();
  const transfers: Json[] = [];
  let refusal: string | null = null;
  let dropNext = false;

  function createTransfer(params: Record<string, string>): Answer {
    if (!positiveInteger(params.amount)) return invalid('Invalid positive integer', 'amount');
    if (params.currency !== 'usd') {
      return invalid(`Invalid currency: ${params.currency ?? ''}`, 'currency');
    }
    const destination = params.destination ?? '';
    const to = accounts.get(destination);
    if (!to) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such destination: '${destination}'`,
        param: 'destination',
      });
    }
    if (!to.payoutsEnabled || !to.requested.includes('transfers')) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'insufficient_capabilities_for_transfer',
        message:
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        param: 'destination',
      });
    }
    if (refusal) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message: refusal,
      });
    }
    const id = newId('tr');
    const transfer: Json = {
      id,
      object: 'transfer',
      amount: Number(params.amount),
      amount_reversed: 0,
      balance_transaction: newId('txn'),
      created: now(),
      currency: 'usd',
      description: params.description ?? null,
      destination,
      destination_payment: newId('py'),
      livemode: false,
      metadata: metadataOf(params),
      reversals: {
        object: 'list',
        data: [],
        has_more: false,
        url: `/v1/transfers/${id}/reversals`,
      },
      reversed: false,
      source_transaction: null,
      source_type: 'card',
      transfer_group: params.transfer_group ?? null,
    };
    transfers.push(transfer);
    if (dropNext) {
      // Made, but the answer is lost: Stripe replays this 500 for the same Idempotency-Key.
      dropNext = false;
      return fail(500, { type: 'api_error', message: 'An unknown error occurred' });
    }
    return { status: 200, body: { ...transfer } };
  }

  function listTransfers(params: Record<string, string>): Answer {
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return invalid('This value must be between 1 and 100.', 'limit');
    }
    const bounds: [string, (created: number, bound: number) => boolean][] = [
      ['gte', (c, b) => c >= b],
      ['gt', (c, b) => c > b],
      ['lte', (c, b) => c <= b],
      ['lt', (c, b) => c < b],
    ];
    const chosen = transfers
      .filter((t) => !params.transfer_group || t.transfer_group === params.transfer_group)
      .filter((t) => !params.destination || t.destination === params.destination)
      .filter((t) =>
        bounds.every(([name, holds]) => {
          const bound = params[`created[${name}]`];
          return bound === undefined || holds(Number(t.created), Number(bound));
        }),
      )
      // Newest first; transfers of one second keep their newest-first order.
      .reverse()
      .sort((a, b) => Number(b.created) - Number(a.created));
    let start = 0;
    if (params.starting_after) {
      const after = chosen.findIndex((t) => t.id === params.starting_after);
      if (after < 0) return missing('object', params.starting_after, 'starting_after');
      start = after + 1;
    }
    return {
      status: 200,
      body: {
        object: 'list',
        url: '/v1/transfers',
        has_more: start + limit < chosen.length,
        data: chosen.slice(start, start + limit).map((t) => ({ ...t })),
      },
    };
  }

  function route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(params);
    if (method === 'GET' && path === '/v1/transfers') return listTransfers(params);
    const id = /^\/v1\/transfers\/([^/]+)$/.exec(path)?.[1];
    if (!id || method !== 'GET') return accounts.route(method, path, params);
    const transfer = transfers.find((t) => t.id === id);
    return transfer ? { status: 200, body: { ...transfer } } : missing('transfer', id, 'id');
  }

  return {
    route,
    completeOnboarding: accounts.completeOnboarding,
    submitDetails: accounts.submitDetails,
    disableAccount: accounts.disableAccount,
    account: accounts.account,
    accountEvent: accounts.accountEvent,
    /** Refuses every transfer with Stripe's balance_insufficient (or `message`); null ends it. */
    failTransfers(message: string | null = BALANCE_INSUFFICIENT_MESSAGE) {
      refusal = message;
    },
    /** The next transfer is made, but its answer is Stripe's 500: the outcome reads as unknown. */
    dropNextTransferAnswer() {
      dropNext = true;
    },
    /** Every transfer made, oldest first, in Stripe's JSON. */
    transfers: (): Json[] => transfers.map((t) => ({ ...t })),
    /** The transfer reads as created at `at` (whole seconds, as Stripe keeps it). */
    moveTransfer(id: string, at: Date) {
      const transfer = transfers.find((t) => t.id === id);
      if (!transfer) throw new Error(`The stand-in has no transfer ${id}`);
      transfer.created = Math.floor(at.getTime() / 1000);
    },
  };
}

export type ConnectStandIn = ReturnType<typeof connectStandIn>;
