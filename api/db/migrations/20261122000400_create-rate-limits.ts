import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // In PostgreSQL, not memory, so every API process counts the same hits.
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.integer('hits').notNullable();
    t.timestamp('reset_at').notNullable().index();
    t.check('hits > 0', [], 'rate_limits_hits');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
