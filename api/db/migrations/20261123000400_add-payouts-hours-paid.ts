import type { Knex } from 'knex';

// Paid hours are capped at the booked hours + 1; the rest is kept as measured and waits for an
// admin, with the reason beside it. Older payouts paid every hour they measured.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.decimal('hours_paid', 6, 2);
    t.text('review_reason');
  });
  await knex.raw('UPDATE payouts SET hours_paid = hours_worked');
  await knex.schema.alterTable('payouts', (t) => {
    t.decimal('hours_paid', 6, 2).notNullable().alter();
    t.check('hours_paid BETWEEN 0 AND hours_worked', [], 'payouts_hours_paid');
    t.check(
      'hours_paid = hours_worked OR review_reason IS NOT NULL',
      [],
      'payouts_unpaid_hours_reviewed',
    );
    // The base pays the paid hours, rounded to a cent (either way at a half: older rows were
    // rounded in floating point).
    t.check(
      'abs(base_amount_cents - hours_paid * hourly_rate_cents) <= 0.5',
      [],
      'payouts_base_pays_paid_hours',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.dropChecks([
      'payouts_base_pays_paid_hours',
      'payouts_unpaid_hours_reviewed',
      'payouts_hours_paid',
    ]);
    t.dropColumn('review_reason');
    t.dropColumn('hours_paid');
  });
}
