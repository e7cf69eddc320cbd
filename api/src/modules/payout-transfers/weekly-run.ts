import { PayoutAccount } from '../../models/payout-account';
import { PricingConfigRow } from '../../models/pricing-config-row';
import type { TransferDeps } from './deps';
import { dueTransferIds, type SendResult, sendTransfer } from './transfer-send';
import { dueWeek } from './week-schedule';
import { claimWeek } from './weekly-claim';

// The weekly payouts (DECISIONS.md "Payouts"): every few minutes a sweep claims the week that is
// due (within a day after Pricing Config's weekday and hour, America/Chicago) for each provider
// whose payout account takes transfers, then tries each transfer that is due. Any number of
// workers may sweep at once: the claim's unique key and the send's lease make each happen once.

export type SweepResult = {
  weekStart: string | null;
  claimed: number;
  sent: number;
  failed: number;
};

/** Claims `weekStart` for every provider with an enabled payout account of this gateway. */
export async function claimWeekForAll(
  deps: TransferDeps,
  weekStart: string,
  now = new Date(),
): Promise<number> {
  const accounts = await PayoutAccount.query(deps.db)
    .where({ payoutsEnabled: true, gateway: deps.gateway.name })
    .orderBy('providerId');
  let claimed = 0;
  for (const account of accounts) {
    if (await claimWeek(deps.db, account, weekStart, now)) claimed += 1;
  }
  return claimed;
}

/** Tries every transfer due now, one after the other. */
export async function sendDue(deps: TransferDeps, now = new Date()) {
  const results: SendResult[] = [];
  for (const id of await dueTransferIds(deps.db, deps.gateway.name, now)) {
    results.push(await sendTransfer(deps, id, now));
  }
  return {
    sent: results.filter((r) => r === 'sent').length,
    failed: results.filter((r) => r === 'failed').length,
  };
}

/** One sweep at `now`: the due week's claims (if any), then the sends. */
export async function sweepPayouts(deps: TransferDeps, now = new Date()): Promise<SweepResult> {
  const config = await PricingConfigRow.query(deps.db).findById(1);
  if (!config) throw new Error('pricing_config has no row');
  const weekStart = dueWeek(now, config);
  const claimed = weekStart ? await claimWeekForAll(deps, weekStart, now) : 0;
  const { sent, failed } = await sendDue(deps, now);
  return { weekStart, claimed, sent, failed };
}

/** Claims and sends one week now, whatever the schedule: the operator's command (cli). */
export async function runWeekNow(deps: TransferDeps, weekStart: string, now = new Date()) {
  const claimed = await claimWeekForAll(deps, weekStart, now);
  return { weekStart, claimed, ...(await sendDue(deps, now)) };
}
