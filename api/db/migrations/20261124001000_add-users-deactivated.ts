import type { Knex } from 'knex';

// DECISIONS.md "Admin operations": an admin deactivates an account instead of deleting it (its
// bookings, payouts and audit entries stay whole); a deactivated user cannot sign in. Who did it
// is kept beside when.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deactivated_at');
    t.uuid('deactivated_by').references('users.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deactivated_by');
    t.dropColumn('deactivated_at');
  });
}
