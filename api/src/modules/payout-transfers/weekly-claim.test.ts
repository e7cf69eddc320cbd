import {
  LOCAL_TRANSFER_FAILURE_MESSAGE,
  TEST_BANK_ACCOUNTS,
  TEST_ROUTING_NUMBER,
} from '@twinclean/shared/payout-accounts';
import { addDays } from '@twinclean/shared/schedule';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { localGateway } from '../../adapters/payments/local-gateway';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout, localPayoutAccount } from '../../test/transfers-world';
import { markPaid } from '../admin/payouts';
import type { TransferDeps } from './deps';
import { runWeekNow, sendDue, sweepPayouts } from './weekly-run';

// The review gate and what a claim may take (DECISIONS.md "Payouts"), beyond weekly-run.test.ts:
// a price not yet confirmed, a $0.00 payout with and without a tip, a tip or a job a failed
// transfer still holds, and the run's day and hour read from Pricing Config.

const db = useTestDatabase();
let deps: TransferDeps;
let ownerId: string;

beforeAll(async () => {
  deps = { db: db.knex, gateway: localGateway(db.knex), logger: pino({ level: 'silent' }) };
  ownerId = (await newUser(db.knex, 'client', { role: 'admin_owner' })).id;
});

const WEEK = '2026-11-09';
const NEXT = '2026-11-16';
/** Wednesday noon (Chicago) of the week of `monday`. */
const wednesday = (monday: string) => new Date(`${addDays(monday, 2)}T18:00:00Z`);

async function providerWithAccount(outcome: keyof typeof TEST_BANK_ACCOUNTS = 'succeeds') {
  const provider = await newUser(db.knex, 'provider');
  return { ...provider, accountId: await localPayoutAccount(db.knex, provider, outcome) };
}

const transfersOf = (providerId: string) =>
  db.knex('payoutTransfers').where({ providerId }).orderBy('weekStart');
const linesOf = async (transferId: string) =>
  (await db.knex('payoutTransferLines').where({ transferId }))
    .map((l) => [l.payoutId, l.payCents, l.tipCents])
    .sort();
const payout = (id: string) => db.knex('payouts').where({ id }).first();
/** A job with no paid hours (a visit that did not happen, say): $0.00. */
const ZERO = { hoursWorked: 0, hoursPaid: 0, baseAmountCents: 0, totalAmountCents: 0 };

describe('the review gate', () => {
  it('holds a job whose price is not confirmed, and pays it the week after it is', async () => {
    const p = await providerWithAccount();
    const carpet = await jobPayout(db.knex, p.id, { at: wednesday(WEEK) });
    await db
      .knex('bookings')
      .where({ id: carpet.bookingId })
      .update({ serviceType: 'carpet', priceIsFinal: false });
    expect(await runWeekNow(deps, WEEK)).toMatchObject({ claimed: 0 });
    expect(await transfersOf(p.id)).toEqual([]);
    expect(await payout(carpet.payoutId)).toMatchObject({ status: 'pending', transferId: null });

    await db.knex('bookings').where({ id: carpet.bookingId }).update({ priceIsFinal: true });
    expect(await runWeekNow(deps, NEXT)).toMatchObject({ claimed: 1, sent: 1 });
    const [transfer] = await transfersOf(p.id);
    expect(transfer).toMatchObject({ weekStart: NEXT, amountCents: carpet.payCents });
    expect(await payout(carpet.payoutId)).toMatchObject({ status: 'paid', paidBy: null });
  });

  it('pays no $0.00 payout, but pays the tip of one, and marks it paid', async () => {
    const nothing = await providerWithAccount();
    const zero = await jobPayout(db.knex, nothing.id, { at: wednesday(WEEK) });
    await db.knex('payouts').where({ id: zero.payoutId }).update(ZERO);
    expect(await runWeekNow(deps, WEEK)).toMatchObject({ claimed: 0 });
    // Rolled back: no transfer row, so nothing keeps the week from a later claim.
    expect(await transfersOf(nothing.id)).toEqual([]);
    expect(await payout(zero.payoutId)).toMatchObject({ status: 'pending', transferId: null });

    const tipped = await providerWithAccount();
    const tipOnly = await jobPayout(db.knex, tipped.id, { at: wednesday(WEEK), tipCents: 500 });
    await db.knex('payouts').where({ id: tipOnly.payoutId }).update(ZERO);
    const job = await jobPayout(db.knex, tipped.id, { at: wednesday(WEEK) });
    await runWeekNow(deps, WEEK);
    const [transfer] = await transfersOf(tipped.id);
    expect(transfer).toMatchObject({
      status: 'paid',
      amountCents: job.payCents + 500,
      tipCents: 500,
    });
    expect(await linesOf(transfer.id)).toEqual(
      [
        [tipOnly.payoutId, 0, 500],
        [job.payoutId, job.payCents, 0],
      ].sort(),
    );
    // Paid by the transfer, not left pending for Mark Paid to pay the tip a second time.
    const paid = await payout(tipOnly.payoutId);
    expect(paid).toMatchObject({
      status: 'paid',
      paidBy: null,
      tipPaidCents: 500,
      transferId: transfer.id,
    });
    expect(paid.paidAt.toISOString()).toBe(transfer.sentAt.toISOString());
    expect(await markPaid(db.knex, ownerId, tipOnly.payoutId)).toMatchObject({
      payout: { status: 'paid', tipOwed: '0.00' },
    });
  });

  it('claims nothing a failed transfer still holds, and sends both weeks once fixed', async () => {
    const p = await providerWithAccount('transfersFail');
    const byHand = await jobPayout(db.knex, p.id, { at: wednesday('2026-11-02') });
    await markPaid(db.knex, ownerId, byHand.payoutId);
    await db.knex('payouts').where({ id: byHand.payoutId }).update({ tipCents: 700 });
    const first = await jobPayout(db.knex, p.id, { at: wednesday(WEEK) });
    const monday = new Date('2026-11-16T14:05:00Z');
    await runWeekNow(deps, WEEK, monday);
    const [held] = await transfersOf(p.id);
    expect(held).toMatchObject({
      status: 'failed',
      failureMessage: LOCAL_TRANSFER_FAILURE_MESSAGE,
    });

    // The next week: its own job only; the held job and the held tip are not claimed again.
    const second = await jobPayout(db.knex, p.id, { at: wednesday(NEXT) });
    const nextMonday = new Date('2026-11-23T14:05:00Z');
    await runWeekNow(deps, NEXT, nextMonday);
    const [, later] = await transfersOf(p.id);
    expect(await linesOf(later.id)).toEqual([[second.payoutId, second.payCents, 0]]);
    expect(await linesOf(held.id)).toEqual(
      [
        [byHand.payoutId, 0, 700],
        [first.payoutId, first.payCents, 0],
      ].sort(),
    );

    await localGateway(db.knex).connect.attachTestBankAccount(p.accountId, {
      routingNumber: TEST_ROUTING_NUMBER,
      accountNumber: TEST_BANK_ACCOUNTS.succeeds,
    });
    expect(await sendDue(deps, new Date(nextMonday.getTime() + 86_400_000))).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(await payout(byHand.payoutId)).toMatchObject({ tipPaidCents: 700, transferId: null });
    for (const job of [first, second]) {
      expect(await payout(job.payoutId)).toMatchObject({ status: 'paid', paidBy: null });
    }
    const made = await db.knex('localGatewayTransfers').where({ accountId: p.accountId });
    expect(made.map((t) => t.amountCents).sort()).toEqual(
      [first.payCents + 700, second.payCents].sort(),
    );
  });
});

describe('who is paid by transfer', () => {
  it('only providers whose account takes transfers, on this site’s gateway', async () => {
    const needsDetails = await providerWithAccount();
    await db
      .knex('payoutAccounts')
      .where({ providerId: needsDetails.id })
      .update({ payoutsEnabled: false, requirementsDue: JSON.stringify(['external_account']) });
    const onStripe = await providerWithAccount();
    await db
      .knex('payoutAccounts')
      .where({ providerId: onStripe.id })
      .update({ gateway: 'stripe' });
    const jobs = [
      await jobPayout(db.knex, needsDetails.id, { at: wednesday(WEEK) }),
      await jobPayout(db.knex, onStripe.id, { at: wednesday(WEEK) }),
    ];
    await runWeekNow(deps, WEEK);
    expect(await transfersOf(needsDetails.id)).toEqual([]);
    expect(await transfersOf(onStripe.id)).toEqual([]);
    // Mark Paid stays theirs.
    for (const job of jobs) {
      expect(await markPaid(db.knex, ownerId, job.payoutId)).toMatchObject({
        payout: { status: 'paid', transfer: null },
      });
    }
  });
});

describe('the run’s day and hour', () => {
  it('claims on Pricing Config’s weekday and hour, not on Monday 8 AM', async () => {
    const p = await providerWithAccount();
    await jobPayout(db.knex, p.id, { at: wednesday(WEEK) });
    const before = await db.knex('pricingConfig').where({ id: 1 }).first();
    await db.knex('pricingConfig').where({ id: 1 }).update({ payoutWeekday: 3, payoutHour: 17 });
    try {
      // Monday 8:05 AM and Wednesday 4:55 PM (Chicago): not due; nothing claimed.
      for (const at of ['2026-11-16T14:05:00Z', '2026-11-18T22:55:00Z']) {
        expect(await sweepPayouts(deps, new Date(at))).toMatchObject({
          weekStart: null,
          claimed: 0,
        });
      }
      expect(await transfersOf(p.id)).toEqual([]);
      // Wednesday 5:05 PM: the week before is claimed and sent.
      expect(await sweepPayouts(deps, new Date('2026-11-18T23:05:00Z'))).toMatchObject({
        weekStart: WEEK,
        claimed: 1,
      });
      const [transfer] = await transfersOf(p.id);
      expect(transfer).toMatchObject({ weekStart: WEEK, status: 'paid' });
    } finally {
      await db
        .knex('pricingConfig')
        .where({ id: 1 })
        .update({ payoutWeekday: before.payoutWeekday, payoutHour: before.payoutHour });
    }
  });
});
