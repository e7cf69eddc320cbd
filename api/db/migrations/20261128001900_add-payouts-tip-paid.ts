import type { Knex } from 'knex';

// Issue 32: Mark Paid pays a payout once, but a tip may come (or be refunded) after it. How much of
// the tip line was paid out tells the admin what is still owed. No upper bound against tip_cents:
// a refund after the payout lowers tip_cents below what was paid, and that must stay recordable.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.integer('tip_paid_cents').notNullable().defaultTo(0);
    t.check('tip_paid_cents >= 0', [], 'payouts_tip_paid');
  });
  // A payout already paid paid its tip with it (the old Mark Paid paid the whole line).
  await knex('payouts')
    .where({ status: 'paid' })
    .update({ tip_paid_cents: knex.ref('tip_cents') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.dropChecks(['payouts_tip_paid']);
    t.dropColumn('tip_paid_cents');
  });
}
