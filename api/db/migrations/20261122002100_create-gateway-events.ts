import type { Knex } from 'knex';

// Webhook deliveries by event id: a redelivered event is recognised and ignored.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('gateway_events', (t) => {
    t.text('id').primary();
    t.text('gateway').notNullable();
    t.text('type').notNullable();
    t.jsonb('payload').notNullable();
    t.timestamp('received_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at');
    t.check("gateway IN ('stripe', 'local')", [], 'gateway_events_gateway');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('gateway_events');
}
