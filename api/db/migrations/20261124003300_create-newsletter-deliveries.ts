import type { Knex } from 'knex';

// One row per subscriber a newsletter goes to, written when it is sent: the list is fixed at
// that moment, and the background job works through the pending rows, so a retry or a second
// worker never mails anyone twice.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_deliveries', (t) => {
    t.uuid('newsletter_id').notNullable().references('newsletters.id').onDelete('CASCADE');
    t.uuid('subscriber_id')
      .notNullable()
      .references('newsletter_subscribers.id')
      .onDelete('CASCADE')
      .index();
    t.text('email').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('sent_at');
    t.primary(['newsletter_id', 'subscriber_id']);
    // skipped: the subscriber left between the send and their turn in the queue.
    t.check(
      "status IN ('pending', 'sent', 'failed', 'skipped')",
      [],
      'newsletter_deliveries_status',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('newsletter_deliveries');
}
