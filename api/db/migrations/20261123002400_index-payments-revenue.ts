import type { Knex } from 'knex';

// The admin dashboard's revenue card sums every succeeded payment (api/src/modules/admin/
// stats.ts). With a payment per booking that is 100,000 rows; this index holds just the two
// amounts of those rows, so the sum is an index-only scan instead of a read of the whole table.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "CREATE INDEX IF NOT EXISTS payments_succeeded_amounts ON payments (amount_cents, refunded_cents) WHERE status = 'succeeded'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS payments_succeeded_amounts');
}
