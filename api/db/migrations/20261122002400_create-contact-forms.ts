import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_forms', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('phone');
    t.text('subject').notNullable().defaultTo('');
    t.text('message').notNullable();
    t.text('status').notNullable().defaultTo('new');
    t.timestamps(true, true);
    t.check("status IN ('new', 'replied', 'closed')", [], 'contact_forms_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_forms');
}
