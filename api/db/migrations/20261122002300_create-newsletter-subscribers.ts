import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_subscribers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('email').notNullable().unique();
    t.text('source').notNullable().defaultTo('website');
    t.timestamp('subscribed_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('unsubscribed_at');
    t.check('email = lower(email)', [], 'newsletter_email_lower');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('newsletter_subscribers');
}
