import type { Knex } from 'knex';

// A fixed-price job (carpet, laundry, dry cleaning & rugs) pays the provider a share of its price
// rather than hours × rate (DECISIONS.md "Special services"). The payout keeps the percent and
// the price it was taken from, so the row proves its own base like an hourly one does.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.smallint('share_percent');
    t.integer('share_of_cents');
    t.dropChecks(['payouts_base_pays_paid_hours']);
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.check(
      `CASE WHEN share_percent IS NULL
         THEN share_of_cents IS NULL AND abs(base_amount_cents - hours_paid * hourly_rate_cents) <= 0.5
         ELSE share_percent BETWEEN 0 AND 100 AND share_of_cents IS NOT NULL AND share_of_cents >= 0
           AND hourly_rate_cents = 0
           AND hours_paid = hours_worked
           AND abs(base_amount_cents - share_of_cents * share_percent / 100.0) <= 0.5
       END`,
      [],
      'payouts_base_pays_hours_or_share',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  // Share payouts cannot be written as hours × rate; the down migration refuses to lose them.
  await knex.schema.alterTable('payouts', (t) => {
    t.dropChecks(['payouts_base_pays_hours_or_share']);
    t.dropColumn('share_of_cents');
    t.dropColumn('share_percent');
    t.check(
      'abs(base_amount_cents - hours_paid * hourly_rate_cents) <= 0.5',
      [],
      'payouts_base_pays_paid_hours',
    );
  });
}
