import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { BALANCE_INSUFFICIENT_MESSAGE } from '../../test/stripe-stand-in-connect';
import { TransferRefusedError } from './gateway';
import type { StripeConnect } from './stripe-connect';

// The Stripe Connect adapter's transfers through the real `stripe` package against the stand-in:
// sent once per attempt, refused with Stripe's word, unknown when the answer is lost, found by
// their group and listed for a period.

const SECRET_KEY = 'sk_test_stand_in';

let standIn: StripeStandIn;
let connect: StripeConnect;
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  connect = standIn.gateway({ secretKey: SECRET_KEY }).connect;
});
afterAll(() => standIn.close());

const newAccount = (providerId: string = randomUUID(), idempotencyKey: string = randomUUID()) =>
  connect.createAccount({ providerId, email: 'pat@example.test', idempotencyKey });

const enabledAccount = async () => {
  const account = await newAccount();
  standIn.connect.completeOnboarding(account.id);
  return account.id;
};

const transfer = (
  accountId: string,
  options: { amountCents?: number; group?: string; key?: string } = {},
) =>
  connect.createTransfer({
    accountId,
    amountCents: options.amountCents ?? 12_345,
    transferGroup: options.group ?? `payout-week:${randomUUID()}:2026-11-23`,
    description: 'TwinClean pay, week of 2026-11-23',
    metadata: { transferId: 't-1', providerId: 'p-1', weekStart: '2026-11-23' },
    idempotencyKey: options.key ?? randomUUID(),
  });

const madeIn = (group: string) =>
  standIn.connect.transfers().filter((t) => t.transfer_group === group);

describe('Stripe Connect transfers', () => {
  it("sends the week's pay in USD to the account, tagged with its group and metadata", async () => {
    const accountId = await enabledAccount();
    const group = `payout-week:${randomUUID()}:2026-11-23`;
    const key = randomUUID();

    const sent = await transfer(accountId, { group, key });

    expect(sent).toEqual({
      id: expect.stringMatching(/^tr_/),
      accountId,
      amountCents: 12_345,
      transferGroup: group,
      metadata: { transferId: 't-1', providerId: 'p-1', weekStart: '2026-11-23' },
      createdAt: expect.any(Date),
    });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/transfers',
      params: {
        amount: '12345',
        currency: 'usd',
        destination: accountId,
        transfer_group: group,
        description: 'TwinClean pay, week of 2026-11-23',
        'metadata[transferId]': 't-1',
        'metadata[providerId]': 'p-1',
        'metadata[weekStart]': '2026-11-23',
      },
      idempotencyKey: key,
    });
  });

  it('makes one transfer when the same attempt is sent twice', async () => {
    const accountId = await enabledAccount();
    const group = `payout-week:${randomUUID()}:2026-11-23`;
    const key = randomUUID();

    const first = await transfer(accountId, { group, key });
    const second = await transfer(accountId, { group, key });

    expect(second.id).toBe(first.id);
    expect(madeIn(group)).toHaveLength(1);
  });

  it("throws TransferRefusedError with Stripe's message when Stripe refuses, moving nothing", async () => {
    const accountId = await enabledAccount();
    const group = `payout-week:${randomUUID()}:2026-11-23`;
    standIn.connect.failTransfers();
    try {
      const refusal = await transfer(accountId, { group }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(TransferRefusedError);
      expect((refusal as Error).message).toBe(BALANCE_INSUFFICIENT_MESSAGE);
    } finally {
      standIn.connect.failTransfers(null);
    }
    expect(madeIn(group)).toEqual([]);
  });

  it('refuses a transfer to an account whose payouts are not enabled', async () => {
    const { id } = await newAccount();
    const refusal = await transfer(id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TransferRefusedError);
    expect((refusal as Error).message).toMatch(/capabilities enabled: transfers/);
  });

  it('leaves the outcome unknown (no refusal) when Stripe is down', async () => {
    const accountId = await enabledAccount();
    const group = `payout-week:${randomUUID()}:2026-11-23`;
    standIn.setOutage((method, path) => method === 'POST' && path === '/v1/transfers');
    try {
      const error = await transfer(accountId, { group }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(error).not.toBeInstanceOf(TransferRefusedError);
    } finally {
      standIn.setOutage(null);
    }
    expect(madeIn(group)).toEqual([]);
  });

  it('finds by its group a transfer whose answer was lost', async () => {
    const accountId = await enabledAccount();
    const group = `payout-week:${randomUUID()}:2026-11-23`;
    standIn.connect.dropNextTransferAnswer();

    const error = await transfer(accountId, { group }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(TransferRefusedError);

    const [made] = madeIn(group);
    const found = await connect.findTransfer(group);
    expect(found).toMatchObject({ id: made?.id, accountId, amountCents: 12_345 });
    expect(madeIn(group)).toHaveLength(1);
  });

  it("finds a group's newest transfer, and none for a group without one", async () => {
    const accountId = await enabledAccount();
    const group = `payout-week:${randomUUID()}:2026-11-23`;
    const older = await transfer(accountId, { group, amountCents: 100 });
    const newer = await transfer(accountId, { group, amountCents: 200 });
    standIn.connect.moveTransfer(older.id, new Date(Date.now() - 60_000));
    await transfer(accountId, { amountCents: 300 });

    expect(await connect.findTransfer(group)).toMatchObject({ id: newer.id, amountCents: 200 });
    expect(standIn.requests.at(-1)?.params).toEqual({ transfer_group: group, limit: '1' });
    expect(await connect.findTransfer(`payout-week:${randomUUID()}:2026-11-23`)).toBeNull();
  });

  it('lists the transfers made in [from, to), page after page', async () => {
    const accountId = await enabledAccount();
    const from = new Date(Date.UTC(2031, 0, 5));
    const to = new Date(Date.UTC(2031, 0, 12));
    const inside = [];
    for (let n = 0; n < 104; n++) {
      const made = await transfer(accountId, { amountCents: 1_000 + n });
      standIn.connect.moveTransfer(made.id, new Date(from.getTime() + n * 1_000));
      inside.push(made.id);
    }
    const last = await transfer(accountId, { amountCents: 9_999 });
    standIn.connect.moveTransfer(last.id, new Date(to.getTime() - 1_000));
    const before = await transfer(accountId);
    standIn.connect.moveTransfer(before.id, new Date(from.getTime() - 1_000));
    const atEnd = await transfer(accountId);
    standIn.connect.moveTransfer(atEnd.id, to);

    const listed = await connect.listTransfers({ from, to });

    expect(new Set(listed.map((t) => t.id))).toEqual(new Set([...inside, last.id]));
    expect(listed).toHaveLength(105);
    expect(listed.find((t) => t.id === last.id)).toMatchObject({
      amountCents: 9_999,
      accountId,
      createdAt: new Date(to.getTime() - 1_000),
    });
    const pages = standIn.requests.filter(
      (r) =>
        r.path === '/v1/transfers' && r.params['created[gte]'] === String(from.getTime() / 1000),
    );
    expect(pages.map((r) => r.params.starting_after ?? null)).toEqual([null, listed[99]?.id]);
    expect(pages[0]?.params).toMatchObject({
      'created[lt]': String(to.getTime() / 1000),
      limit: '100',
    });
  });
});
