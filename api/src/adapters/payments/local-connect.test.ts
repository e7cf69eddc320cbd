import { randomUUID } from 'node:crypto';
import {
  LOCAL_TRANSFER_FAILURE_MESSAGE,
  LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
  TEST_BANK_ACCOUNTS,
  TEST_ROUTING_NUMBER,
} from '@twinclean/shared/payout-accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { useTestDatabase } from '../../test/test-database';
import { TransferRefusedError } from './gateway';
import { type LocalConnect, localConnect } from './local-connect';
import { localGateway } from './local-gateway';

// The LocalGateway's payout accounts and transfers, kept in PostgreSQL as Stripe keeps its own.

const db = useTestDatabase();
let connect: LocalConnect;
beforeAll(() => {
  connect = localConnect(db.knex);
});

const newAccount = (providerId: string = randomUUID(), idempotencyKey: string = randomUUID()) =>
  connect.createAccount({ providerId, email: 'pat@example.test', idempotencyKey });

const withBank = async (accountNumber: string = TEST_BANK_ACCOUNTS.succeeds) => {
  const { id } = await newAccount();
  await connect.attachTestBankAccount(id, { routingNumber: TEST_ROUTING_NUMBER, accountNumber });
  return id;
};

const group = () => `payout-week:${randomUUID()}:2026-11-23`;

const transfer = (
  accountId: string,
  options: { amountCents?: number; transferGroup?: string; key?: string } = {},
) =>
  connect.createTransfer({
    accountId,
    amountCents: options.amountCents ?? 12_345,
    transferGroup: options.transferGroup ?? group(),
    description: 'TwinClean pay, week of 2026-11-23',
    metadata: { transferId: 't-1', weekStart: '2026-11-23' },
    idempotencyKey: options.key ?? randomUUID(),
  });

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

const madeIn = (transferGroup: string) =>
  db.knex('localGatewayTransfers').where({ transferGroup }).select('id');

describe('local payout accounts', () => {
  it("is the LocalGateway's connect, reading the same accounts", async () => {
    const account = await newAccount();
    expect(await localGateway(db.knex).connect.retrieveAccount(account.id)).toEqual(account);
  });

  it('creates a bare account once per idempotency key, and one per provider', async () => {
    const providerId = randomUUID();
    const key = `connect-account:${providerId}`;
    const account = await newAccount(providerId, key);
    expect(account).toEqual({
      id: expect.stringMatching(/^lacct_[\w-]{16}$/),
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: ['external_account'],
      disabledReason: null,
      bankLast4: null,
    });

    expect((await newAccount(providerId, key)).id).toBe(account.id);
    expect((await newAccount(providerId)).id).toBe(account.id);
    expect(await db.knex('localGatewayAccounts').where({ providerId })).toHaveLength(1);
    expect(await connect.retrieveAccount(account.id)).toEqual(account);
  });

  it("refuses a key already used for another provider's account", async () => {
    const key = randomUUID();
    await newAccount(randomUUID(), key);
    const error = await refusal(newAccount(randomUUID(), key));
    expect(error).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
  });

  it('answers null for an account it does not know', async () => {
    expect(await connect.retrieveAccount('lacct_nosuchaccount000')).toBeNull();
  });

  it('enables payouts with either test bank account, showing its last four', async () => {
    for (const accountNumber of Object.values(TEST_BANK_ACCOUNTS)) {
      const { id } = await newAccount();
      const bank = { routingNumber: TEST_ROUTING_NUMBER, accountNumber };
      const enabled = {
        id,
        detailsSubmitted: true,
        payoutsEnabled: true,
        requirementsDue: [],
        disabledReason: null,
        bankLast4: accountNumber.slice(-4),
      };
      expect(await connect.attachTestBankAccount(id, bank)).toEqual(enabled);
      expect(await connect.retrieveAccount(id)).toEqual(enabled);
    }
  });

  it('refuses a bank account that is not a test one (422), naming the fields, changing nothing', async () => {
    const { id } = await newAccount();
    const unknownNumber = await refusal(
      connect.attachTestBankAccount(id, {
        routingNumber: TEST_ROUTING_NUMBER,
        accountNumber: '000999999999',
      }),
    );
    expect(unknownNumber).toBeInstanceOf(AppError);
    expect(unknownNumber).toMatchObject({
      status: 422,
      message: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
      details: { fields: { accountNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE } },
    });

    const wrongRouting = await refusal(
      connect.attachTestBankAccount(id, {
        routingNumber: '021000021',
        accountNumber: TEST_BANK_ACCOUNTS.succeeds,
      }),
    );
    expect(wrongRouting).toMatchObject({
      status: 422,
      message: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
      details: {
        fields: {
          accountNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
          routingNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
        },
      },
    });
    expect(await connect.retrieveAccount(id)).toMatchObject({
      payoutsEnabled: false,
      bankLast4: null,
    });
  });

  it('answers 404 for a bank account given to an unknown account', async () => {
    const error = await refusal(
      connect.attachTestBankAccount('lacct_nosuchaccount000', {
        routingNumber: TEST_ROUTING_NUMBER,
        accountNumber: TEST_BANK_ACCOUNTS.succeeds,
      }),
    );
    expect(error).toMatchObject({ status: 404 });
  });
});

describe('local transfers', () => {
  it('sends to an account with the good test bank, once per idempotency key', async () => {
    const accountId = await withBank();
    const transferGroup = group();
    const key = randomUUID();

    const sent = await transfer(accountId, { transferGroup, key });
    expect(sent).toEqual({
      id: expect.stringMatching(/^tr_local_[\w-]{16}$/),
      accountId,
      amountCents: 12_345,
      transferGroup,
      metadata: { transferId: 't-1', weekStart: '2026-11-23' },
      createdAt: expect.any(Date),
    });

    expect(await transfer(accountId, { transferGroup, key })).toEqual(sent);
    expect(await madeIn(transferGroup)).toHaveLength(1);
  });

  it('answers the same transfer for two sends at once with one key', async () => {
    const accountId = await withBank();
    const transferGroup = group();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      transfer(accountId, { transferGroup, key }),
      transfer(accountId, { transferGroup, key }),
    ]);
    expect(a.id).toBe(b.id);
    expect(await madeIn(transferGroup)).toHaveLength(1);
  });

  it('refuses a key reused with other amount, group or account (409)', async () => {
    const accountId = await withBank();
    const transferGroup = group();
    const key = randomUUID();
    await transfer(accountId, { transferGroup, key });

    const otherAccount = await withBank();
    const changes = [
      () => transfer(accountId, { transferGroup, key, amountCents: 1 }),
      () => transfer(accountId, { transferGroup: group(), key }),
      () => transfer(otherAccount, { transferGroup, key }),
    ];
    for (const changed of changes) {
      expect(await refusal(changed())).toMatchObject({
        status: 409,
        code: 'idempotency_key_reused',
      });
    }
    expect(await madeIn(transferGroup)).toHaveLength(1);
  });

  it('refuses, moving nothing, the failing test bank, a bare account, an unknown one, and $0', async () => {
    const failing = await withBank(TEST_BANK_ACCOUNTS.transfersFail);
    const bare = (await newAccount()).id;
    const good = await withBank();
    const cases: [() => Promise<unknown>, string | RegExp][] = [
      [() => transfer(failing), LOCAL_TRANSFER_FAILURE_MESSAGE],
      [() => transfer(bare), 'The payout account has no bank account yet.'],
      [() => transfer('lacct_nosuchaccount000'), /No such payout account/],
      [() => transfer(good, { amountCents: 0 }), /positive whole number of cents/],
    ];
    for (const [work, message] of cases) {
      const error = await refusal(work());
      expect(error).toBeInstanceOf(TransferRefusedError);
      expect((error as Error).message).toMatch(message);
    }
    expect(
      await db.knex('localGatewayTransfers').whereIn('accountId', [failing, bare, good]),
    ).toEqual([]);
  });

  it("finds a group's newest transfer, and none for a group without one", async () => {
    const accountId = await withBank();
    const transferGroup = group();
    const older = await transfer(accountId, { transferGroup, amountCents: 100 });
    const newer = await transfer(accountId, { transferGroup, amountCents: 200 });
    await db
      .knex('localGatewayTransfers')
      .where({ id: older.id })
      .update({ createdAt: new Date(Date.now() - 60_000) });
    await transfer(accountId, { amountCents: 300 });

    expect(await connect.findTransfer(transferGroup)).toEqual(newer);
    expect(await connect.findTransfer(group())).toBeNull();
  });

  it('lists the transfers made in [from, to)', async () => {
    const accountId = await withBank();
    const from = new Date(Date.UTC(2031, 2, 2));
    const to = new Date(Date.UTC(2031, 2, 9));
    const at = async (when: Date) => {
      const made = await transfer(accountId);
      await db.knex('localGatewayTransfers').where({ id: made.id }).update({ createdAt: when });
      return made.id;
    };
    await at(new Date(from.getTime() - 1));
    const first = await at(from);
    const last = await at(new Date(to.getTime() - 1));
    await at(to);

    const listed = await connect.listTransfers({ from, to });
    expect(listed.map((t) => t.id)).toEqual([first, last]);
    expect(listed[0]).toMatchObject({ accountId, amountCents: 12_345, createdAt: from });
  });
});
