import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('marketing_contacts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('email').notNullable().unique();
    t.text('first_name');
    t.text('last_name');
    t.text('phone');
    t.text('source').notNullable();
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.boolean('consent').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.check('email = lower(email)', [], 'marketing_contacts_email_lower');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('marketing_contacts');
}
