import { randomUUID } from 'node:crypto';
import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import { newUser } from '../../test/people';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout, transferWith } from '../../test/transfers-world';
import { transferGroupOf } from '../payout-transfers/names';
import { reconcileTransfers } from './transfers-reconcile';

// The transfers' reconciliation through the Stripe Connect adapter against the Stripe stand-in:
// Stripe's list of a period, paged, and its lookup by transfer group.

const SECRET_KEY = 'sk_test_stand_in';
const db = useTestDatabase();
let standIn: StripeStandIn;
let gateway: PaymentGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  gateway = standIn.gateway({ secretKey: SECRET_KEY });
});
afterAll(() => standIn.close());

const dayOf = (day: string) => ({
  from: chicagoInstant(day, '00:00'),
  to: chicagoInstant(addDays(day, 1), '00:00'),
});
const noon = (day: string) => chicagoInstant(day, '12:00');

/** A provider with an enabled Express account and a $75.00 job in the week of `weekStart`. */
async function providerWithJob(weekStart: string) {
  const provider = await newUser(db.knex, 'provider');
  const account = await gateway.connect.createAccount({
    providerId: provider.id,
    email: provider.email,
    idempotencyKey: `connect-account:${provider.id}`,
  });
  standIn.connect.completeOnboarding(account.id);
  const job = await jobPayout(db.knex, provider.id, { at: noon(addDays(weekStart, 2)) });
  return { providerId: provider.id, accountId: account.id, job };
}

/** The week's transfer at Stripe (of `amountCents`), moved to noon on `day`. */
async function stripeTransfer(
  week: { providerId: string; accountId: string; weekStart: string },
  day: string,
  amountCents: number,
  metadata: Record<string, string> = {},
) {
  const made = await gateway.connect.createTransfer({
    accountId: week.accountId,
    amountCents,
    transferGroup: transferGroupOf(week.providerId, week.weekStart),
    description: `TwinClean pay, week of ${week.weekStart}`,
    metadata,
    idempotencyKey: randomUUID(),
  });
  standIn.connect.moveTransfer(made.id, noon(day));
  return made.id;
}

/** A week paid on `day`: Stripe's transfer of `stripeCents` and ours of $75.00. */
async function paidWeek(day: string, stripeCents = 7500) {
  const weekStart = addDays(day, -7);
  const { providerId, accountId, job } = await providerWithJob(weekStart);
  const gatewayTransferId = await stripeTransfer(
    { providerId, accountId, weekStart },
    day,
    stripeCents,
  );
  const id = await transferWith(db.knex, {
    providerId,
    weekStart,
    accountId,
    gateway: 'stripe',
    status: 'paid',
    lines: [job],
    sentAt: new Date(noon(day).getTime() + 1000),
    gatewayTransferId,
  });
  return { id, gatewayTransferId };
}

describe('reconciling the weekly transfers with Stripe', () => {
  it("finds no difference in Stripe's and our records of the same week", async () => {
    await paidWeek('2026-10-05');
    await paidWeek('2026-10-05');
    expect(await reconcileTransfers({ db: db.knex, gateway }, dayOf('2026-10-05'))).toEqual({
      checked: 2,
      differences: [],
    });
  });

  it('finds a transfer Stripe made whose answer we lost, an amount apart, and a ghost', async () => {
    const day = '2026-10-06';
    const weekStart = addDays(day, -7);
    const week = await providerWithJob(weekStart);
    const ours = await transferWith(db.knex, {
      ...week,
      weekStart,
      gateway: 'stripe',
      status: 'failed',
      lines: [week.job],
      failureMessage: 'The payment gateway did not answer.',
    });
    standIn.connect.dropNextTransferAnswer();
    await expect(
      stripeTransfer({ ...week, weekStart }, day, 7500, { transferId: ours }),
    ).rejects.toThrow();
    const lost = standIn.connect.transfers().at(-1)?.id as string;
    standIn.connect.moveTransfer(lost, noon(day));
    const apart = await paidWeek(day, 7000);
    // Ours says sent, but Stripe never made it.
    const other = await providerWithJob(weekStart);
    const ghost = await transferWith(db.knex, {
      ...other,
      weekStart,
      gateway: 'stripe',
      status: 'paid',
      lines: [other.job],
      sentAt: noon(day),
      gatewayTransferId: 'tr_never_made',
    });

    const result = await reconcileTransfers({ db: db.knex, gateway }, dayOf(day));
    expect(result.checked).toBe(3);
    expect(result.differences).toHaveLength(3);
    expect(result.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'missing_in_ledger',
          gatewayId: lost,
          ledgerId: ours,
          ledgerStatus: 'failed',
          gatewayAmountCents: 7500,
        }),
        expect.objectContaining({
          kind: 'amount_differs',
          gatewayId: apart.gatewayTransferId,
          ledgerAmountCents: 7500,
          gatewayAmountCents: 7000,
        }),
        expect.objectContaining({
          kind: 'missing_at_gateway',
          gatewayId: 'tr_never_made',
          ledgerId: ghost,
        }),
      ]),
    );
  });
});
