import type { Knex } from 'knex';

// Which phones were told about which job, so "job taken" replaces an alert that was shown and
// never surprises a phone that had none.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_alerts_sent', (t) => {
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.uuid('subscription_id')
      .notNullable()
      .references('push_subscriptions.id')
      .onDelete('CASCADE')
      .index();
    t.timestamp('sent_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['booking_id', 'subscription_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('job_alerts_sent');
}
