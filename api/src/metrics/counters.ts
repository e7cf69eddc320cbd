import type { Knex } from 'knex';
import { Counter } from 'prom-client';
import { registry } from './registry';

/*
 * Business outcomes, each counted once where it becomes true (after its transaction commits), so
 * a replayed punch or a payment reported twice adds nothing.
 */

export const PUNCH_OUTCOMES = ['accepted', 'flagged', 'refused'] as const;
export type PunchOutcome = (typeof PUNCH_OUTCOMES)[number];
const PUNCH_KINDS = ['clock_in', 'clock_out'] as const;

export const punchesCounted = new Counter({
  name: 'twinclean_punches_total',
  help:
    'Clock-in and clock-out punches by outcome, counted once (a replay is not counted again). ' +
    'accepted and flagged punches were both applied; flagged ones are held for review.',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});
// Every series from the start, so a rate over the first punch after a restart is not lost.
for (const kind of PUNCH_KINDS) {
  for (const outcome of PUNCH_OUTCOMES) punchesCounted.labels(kind, outcome);
}

export const paymentsRecorded = new Counter({
  name: 'twinclean_payments_recorded_total',
  help: 'Succeeded payments recorded in the ledger, once per gateway payment, by kind.',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const refundsMade = new Counter({
  name: 'twinclean_refunds_made_total',
  help: 'Refunds made at the gateway and recorded in the ledger, once per refund key.',
  registers: [registry],
});

export const emailsCounted = new Counter({
  name: 'twinclean_emails_total',
  help: 'E-mails by template and outcome: sent (SMTP took it), failed (an attempt SMTP refused; queued messages are tried again), stored (no SMTP_URL).',
  labelNames: ['template', 'outcome'] as const,
  registers: [registry],
});

/**
 * Runs `count` once the transaction `trx` is part of commits, and never if it rolls back: a
 * payment written and then undone was never recorded. A savepoint's outer transaction decides.
 */
export function countOnCommit(trx: Knex.Transaction, count: () => void): void {
  let outermost = trx;
  while (outermost.parentTransaction) outermost = outermost.parentTransaction;
  outermost.executionPromise.then(count, () => undefined);
}
