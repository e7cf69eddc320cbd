import {
  LOCAL_TRANSFER_FAILURE_MESSAGE,
  LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
  TEST_BANK_ACCOUNTS,
  TEST_ROUTING_NUMBER,
} from '@twinclean/shared/payout-accounts';
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import {
  type ConnectAccount,
  type GatewayConnect,
  type GatewayTransfer,
  TransferRefusedError,
} from './gateway';
import { keyReused, localToken } from './local-test-mode';

// The LocalGateway's payout accounts and transfers (issue 33), kept in our database as Stripe
// keeps its own: an account is bare until the test-mode form gives it a test bank account, whose
// number decides how transfers to it go (as test cards decide charges).

export type LocalConnect = GatewayConnect & {
  /** The form's bank account; refused unless it is one of TEST_BANK_ACCOUNTS. */
  attachTestBankAccount(
    accountId: string,
    bank: { routingNumber: string; accountNumber: string },
  ): Promise<ConnectAccount>;
};

type AccountRow = {
  id: string;
  providerId: string;
  email: string;
  routingNumber: string | null;
  bankLast4: string | null;
  outcome: 'succeeds' | 'fails' | null;
  idempotencyKey: string;
};
type TransferRow = {
  id: string;
  accountId: string;
  amountCents: number;
  transferGroup: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  createdAt: Date;
};

const ACCOUNTS = 'localGatewayAccounts';
const TRANSFERS = 'localGatewayTransfers';

const toAccount = (row: AccountRow): ConnectAccount => ({
  id: row.id,
  detailsSubmitted: row.outcome !== null,
  payoutsEnabled: row.outcome !== null,
  requirementsDue: row.outcome === null ? ['external_account'] : [],
  disabledReason: null,
  bankLast4: row.bankLast4,
});

const toTransfer = (row: TransferRow): GatewayTransfer => ({
  id: row.id,
  accountId: row.accountId,
  amountCents: row.amountCents,
  transferGroup: row.transferGroup,
  metadata: row.metadata,
  createdAt: row.createdAt,
});

const outcomeOf = (bank: { routingNumber: string; accountNumber: string }) => {
  if (bank.routingNumber !== TEST_ROUTING_NUMBER) return null;
  if (bank.accountNumber === TEST_BANK_ACCOUNTS.succeeds) return 'succeeds';
  if (bank.accountNumber === TEST_BANK_ACCOUNTS.transfersFail) return 'fails';
  return null;
};

export function localConnect(db: Knex): LocalConnect {
  const account = (id: string): Promise<AccountRow | undefined> =>
    db(ACCOUNTS).where({ id }).first();

  /** The transfer made with this key, if any; the key with other params is refused (409). */
  async function sameAttempt(input: {
    accountId: string;
    amountCents: number;
    transferGroup: string;
    idempotencyKey: string;
  }): Promise<GatewayTransfer | null> {
    const earlier: TransferRow | undefined = await db(TRANSFERS)
      .where({ idempotencyKey: input.idempotencyKey })
      .first();
    if (!earlier) return null;
    const same =
      earlier.accountId === input.accountId &&
      earlier.amountCents === input.amountCents &&
      earlier.transferGroup === input.transferGroup;
    if (!same) throw keyReused();
    return toTransfer(earlier);
  }

  return {
    async createAccount({ providerId, email, idempotencyKey }) {
      // Ignores a clash on the key or on the provider (one local account each, unlike Stripe).
      const [created]: AccountRow[] = await db(ACCOUNTS)
        .insert({ id: `lacct_${localToken(12)}`, providerId, email, idempotencyKey })
        .onConflict()
        .ignore()
        .returning('*');
      if (created) return toAccount(created);
      const byKey: AccountRow | undefined = await db(ACCOUNTS).where({ idempotencyKey }).first();
      if (byKey && byKey.providerId !== providerId) throw keyReused();
      const earlier: AccountRow | undefined =
        byKey ?? (await db(ACCOUNTS).where({ providerId }).first());
      if (!earlier) throw keyReused();
      return toAccount(earlier);
    },

    async retrieveAccount(id) {
      const row = await account(id);
      return row ? toAccount(row) : null;
    },

    async attachTestBankAccount(accountId, bank) {
      const outcome = outcomeOf(bank);
      if (!outcome) {
        // Named fields, so the form marks the account number (and a wrong routing number).
        const fields = {
          accountNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
          ...(bank.routingNumber === TEST_ROUTING_NUMBER
            ? {}
            : { routingNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE }),
        };
        throw new AppError(422, 'unknown_test_bank_account', LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE, {
          fields,
        });
      }
      const [row]: AccountRow[] = await db(ACCOUNTS)
        .where({ id: accountId })
        .update({
          routingNumber: bank.routingNumber,
          bankLast4: bank.accountNumber.slice(-4),
          outcome,
          updatedAt: db.fn.now(),
        })
        .returning('*');
      if (!row) throw new AppError(404, 'not_found', 'No such payout account.');
      return toAccount(row);
    },

    async createTransfer(input) {
      const { accountId, amountCents, transferGroup, metadata, idempotencyKey } = input;
      // As Stripe, a key already used answers what it made, before the account is judged again.
      const made = await sameAttempt(input);
      if (made) return made;
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        throw new TransferRefusedError('A transfer must be a positive whole number of cents.');
      }
      const to = await account(accountId);
      if (!to) throw new TransferRefusedError(`No such payout account: ${accountId}`);
      if (to.outcome === null) {
        throw new TransferRefusedError('The payout account has no bank account yet.');
      }
      if (to.outcome === 'fails') throw new TransferRefusedError(LOCAL_TRANSFER_FAILURE_MESSAGE);
      const [created]: TransferRow[] = await db(TRANSFERS)
        .insert({
          id: `tr_local_${localToken(12)}`,
          accountId,
          amountCents,
          transferGroup,
          idempotencyKey,
          metadata,
        })
        .onConflict('idempotencyKey')
        .ignore()
        .returning('*');
      if (created) return toTransfer(created);
      // Another call with the key made it a moment ago.
      const earlier = await sameAttempt(input);
      if (!earlier) throw keyReused();
      return earlier;
    },

    async findTransfer(transferGroup) {
      const row: TransferRow | undefined = await db(TRANSFERS)
        .where({ transferGroup })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first();
      return row ? toTransfer(row) : null;
    },

    async listTransfers({ from, to }) {
      const rows: TransferRow[] = await db(TRANSFERS)
        .where('createdAt', '>=', from)
        .where('createdAt', '<', to)
        .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
      return rows.map(toTransfer);
    },
  };
}
