import type { Knex } from 'knex';

// Replies e-mailed from /admin/contact-forms: what was said, by whom, when, and whether the
// mail left (a stored-only mailer keeps it without sending).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_form_replies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('contact_form_id')
      .notNullable()
      .references('contact_forms.id')
      .onDelete('CASCADE')
      .index();
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.uuid('sent_by').references('users.id').onDelete('SET NULL');
    t.boolean('delivered').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_form_replies');
}
