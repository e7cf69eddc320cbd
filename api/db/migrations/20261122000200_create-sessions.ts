import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary();
    // Kept beside the blob so "end this user's other sessions" is one indexed delete.
    t.uuid('user_id').references('users.id').onDelete('CASCADE').index();
    t.jsonb('data').notNullable();
    t.timestamp('expires_at').notNullable().index();
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
