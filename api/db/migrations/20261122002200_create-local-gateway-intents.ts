import type { Knex } from 'knex';

// The LocalGateway's own ledger: a test-mode processor that lets `npm start` take payments offline.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('local_gateway_intents', (t) => {
    t.text('id').primary();
    t.text('client_secret').notNullable().unique();
    t.integer('amount_cents').notNullable();
    t.text('currency').notNullable().defaultTo('usd');
    t.text('status').notNullable();
    t.text('card_last4');
    t.text('decline_message');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamps(true, true);
    t.check('amount_cents > 0', [], 'local_gateway_intents_amount');
    t.check(
      "status IN ('requires_payment_method', 'succeeded', 'canceled')",
      [],
      'local_gateway_intents_status',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_gateway_intents');
}
