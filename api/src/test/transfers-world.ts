import { TEST_BANK_ACCOUNTS, TEST_ROUTING_NUMBER } from '@twinclean/shared/payout-accounts';
import type { TransferStatus } from '@twinclean/shared/payout-transfers';
import { addDays } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { localConnect } from '../adapters/payments/local-connect';
import { finishedVisit } from './tips-world';

// Weekly transfers as tests need them (issue 33): a provider's LocalGateway payout account, jobs
// with payouts clocked out when a test says, and transfers claimed over them in any state,
// written as the weekly run writes them.

export type JobPayout = { bookingId: string; payoutId: string; payCents: number };

/** providerId's LocalGateway account with a test bank account, and our row for it. */
export async function localPayoutAccount(
  db: Knex,
  provider: { id: string; email?: string },
  outcome: keyof typeof TEST_BANK_ACCOUNTS = 'succeeds',
): Promise<string> {
  const ours = await db('payoutAccounts').where({ providerId: provider.id }).first();
  if (ours) return ours.accountId as string;
  const connect = localConnect(db);
  const created = await connect.createAccount({
    providerId: provider.id,
    email: provider.email ?? `${provider.id}@example.com`,
    idempotencyKey: `connect-account:${provider.id}`,
  });
  const account = await connect.attachTestBankAccount(created.id, {
    routingNumber: TEST_ROUTING_NUMBER,
    accountNumber: TEST_BANK_ACCOUNTS[outcome],
  });
  await db('payoutAccounts').insert({
    providerId: provider.id,
    gateway: 'local',
    accountId: account.id,
    detailsSubmitted: true,
    payoutsEnabled: true,
    bankLast4: account.bankLast4,
  });
  return account.id;
}

/** A house cleaning of providerId's clocked out at `at`, its payout created then. */
export async function jobPayout(
  db: Knex,
  providerId: string,
  job: { at: Date; hours?: number; tipCents?: number; clientId?: string | null; address?: string },
): Promise<JobPayout> {
  const bookingId = await finishedVisit(db, {
    clientId: job.clientId ?? null,
    providerId,
    clockOutAt: job.at,
    hours: job.hours ?? 3,
    fields: job.address ? { address: job.address } : {},
  });
  const [payout] = await db('payouts')
    .where({ bookingId })
    .update({ createdAt: job.at, updatedAt: job.at, tipCents: job.tipCents ?? 0 })
    .returning(['id', 'totalAmountCents']);
  return { bookingId, payoutId: payout.id, payCents: payout.totalAmountCents };
}

export type TransferFixture = {
  providerId: string;
  weekStart: string;
  accountId: string;
  /** Default: the LocalGateway. */
  gateway?: 'local' | 'stripe';
  status?: TransferStatus;
  /** Each payout's line: its pay (default all of it) and tip (default none). */
  lines: { payoutId: string; payCents: number; tipCents?: number }[];
  attempts?: number;
  failureMessage?: string | null;
  nextAttemptAt?: Date;
  sentAt?: Date | null;
  gatewayTransferId?: string | null;
  /** Default: the lines' sum, as the claim writes it. */
  amountCents?: number;
  createdAt?: Date;
};

/**
 * A transfer as the weekly run leaves it: its lines frozen, its payouts held by it (pending or
 * failed) or paid by it (paid, with paid_at its sent_at); a canceled one holds nothing.
 */
export async function transferWith(db: Knex, t: TransferFixture): Promise<string> {
  const status = t.status ?? 'pending';
  const amountCents =
    t.amountCents ?? t.lines.reduce((s, l) => s + l.payCents + (l.tipCents ?? 0), 0);
  const tipCents = t.lines.reduce((s, l) => s + (l.tipCents ?? 0), 0);
  const sentAt = t.sentAt ?? (status === 'paid' ? new Date() : null);
  const [row] = await db('payoutTransfers')
    .insert({
      providerId: t.providerId,
      weekStart: t.weekStart,
      amountCents,
      tipCents,
      status,
      gateway: t.gateway ?? 'local',
      accountId: t.accountId,
      gatewayTransferId: t.gatewayTransferId ?? null,
      attempts: t.attempts ?? (status === 'pending' ? 0 : 1),
      failureMessage: t.failureMessage ?? null,
      nextAttemptAt: t.nextAttemptAt ?? new Date(),
      sentAt,
      arrivalDate: sentAt ? addDays(t.weekStart, 9) : null,
      ...(t.createdAt ? { createdAt: t.createdAt } : {}),
    })
    .returning('id');
  await db('payoutTransferLines').insert(
    t.lines.map((l) => ({
      transferId: row.id,
      payoutId: l.payoutId,
      payCents: l.payCents,
      tipCents: l.tipCents ?? 0,
    })),
  );
  for (const line of t.lines) {
    if (status === 'canceled') continue;
    const paid = status === 'paid';
    await db('payouts')
      .where({ id: line.payoutId })
      .update({
        ...(line.payCents > 0 ? { transferId: row.id } : {}),
        ...(paid && line.payCents > 0 ? { status: 'paid', paidAt: sentAt, paidBy: null } : {}),
        ...(paid ? { tipPaidCents: db.raw('tip_paid_cents + ?', [line.tipCents ?? 0]) } : {}),
      });
  }
  return row.id as string;
}

let worlds = 0;

/**
 * The transfers' resources for the access-matrix and fuzz tests: providerA's LocalGateway account
 * and a failed transfer over one of their jobs (retry and cancel work on it), in a week of its
 * own (a provider has one transfer a week, and each route gets a world).
 */
export async function transfersWorld(
  db: Knex,
  secret: string,
  people: { clientA: { id: string }; providerA: { id: string } },
) {
  worlds += 1;
  const providerId = people.providerA.id;
  const accountId = await localPayoutAccount(db, people.providerA);
  // Mondays back from 2 Nov 2026, one a world.
  const weekStart = addDays('2026-11-02', -7 * worlds);
  const job = await jobPayout(db, providerId, {
    at: new Date(`${addDays(weekStart, 2)}T18:00:00Z`),
    clientId: people.clientA.id,
    address: `x${secret} Lyndale Ave`,
  });
  const failed = await transferWith(db, {
    providerId,
    weekStart,
    accountId,
    status: 'failed',
    lines: [job],
    failureMessage: 'The bank account was closed.',
    nextAttemptAt: new Date(Date.now() + 3_600_000),
  });
  return { transfers: { failed }, transferSecrets: [failed, job.bookingId, `x${secret}`] };
}
