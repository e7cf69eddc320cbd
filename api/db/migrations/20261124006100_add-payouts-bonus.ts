import type { Knex } from 'knex';

// An auction-board job pays its bonus on top (DECISIONS.md "Admin operations"): kept apart from
// the base and the wait pay, so the provider and the admin see what it was, and in the total.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.integer('bonus_cents').notNullable().defaultTo(0);
    t.dropChecks(['payouts_total']);
    t.check('bonus_cents BETWEEN 0 AND 100000', [], 'payouts_bonus');
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.check(
      'total_amount_cents = base_amount_cents + wait_pay_cents + bonus_cents',
      [],
      'payouts_total',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  // The older total has no room for a bonus: it is folded into the base.
  await knex.raw(
    'UPDATE payouts SET base_amount_cents = base_amount_cents + bonus_cents WHERE bonus_cents > 0',
  );
  await knex.schema.alterTable('payouts', (t) => {
    t.dropChecks(['payouts_total', 'payouts_bonus']);
    t.dropColumn('bonus_cents');
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.check('total_amount_cents = base_amount_cents + wait_pay_cents', [], 'payouts_total');
  });
}
