import type { Knex } from 'knex';

// Every message the app sends, whatever the transport: the local default keeps them here.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbound_emails', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('to_address').notNullable().index();
    t.text('template').notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').notNullable();
    t.text('transport').notNullable();
    t.text('status').notNullable();
    t.text('provider_message_id');
    t.text('error');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at');
    t.check("transport IN ('smtp', 'stored')", [], 'outbound_emails_transport');
    t.check("status IN ('queued', 'sent', 'stored', 'failed')", [], 'outbound_emails_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outbound_emails');
}
