import type { Knex } from 'knex';

// Each newsletter an admin sends: what, who, when, and to how many subscribers.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletters', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.uuid('sent_by').references('users.id').onDelete('SET NULL');
    t.integer('recipient_count').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now()).index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('newsletters');
}
