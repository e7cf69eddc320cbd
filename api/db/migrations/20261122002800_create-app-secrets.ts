import type { Knex } from 'knex';

// Secrets the app generates for itself on first start (VAPID keys, session signing keys)
// so every API process shares them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_secrets', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('app_secrets');
}
