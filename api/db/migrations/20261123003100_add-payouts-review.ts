import type { Knex } from 'knex';

// An admin reviews a payout the punch rules flagged (capped hours, a suspicious punch): who and
// when are kept on the payout, and the flag is cleared. Paying fewer hours than were worked
// then needs either the flag or that review, never neither.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.timestamp('reviewed_at');
    t.uuid('reviewed_by').references('users.id').onDelete('SET NULL');
    t.dropChecks(['payouts_unpaid_hours_reviewed']);
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.check(
      'hours_paid = hours_worked OR review_reason IS NOT NULL OR reviewed_at IS NOT NULL',
      [],
      'payouts_unpaid_hours_reviewed',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  // The older rule needs a reason on every short payout: a reviewed one keeps that it was.
  await knex('payouts')
    .whereRaw('hours_paid < hours_worked')
    .whereNull('reviewReason')
    .update({ reviewReason: 'Hours adjusted by an admin.' });
  await knex.schema.alterTable('payouts', (t) => {
    t.dropChecks(['payouts_unpaid_hours_reviewed']);
    t.dropColumn('reviewed_by');
    t.dropColumn('reviewed_at');
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.check(
      'hours_paid = hours_worked OR review_reason IS NOT NULL',
      [],
      'payouts_unpaid_hours_reviewed',
    );
  });
}
