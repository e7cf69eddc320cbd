import type { Knex } from 'knex';

// The LocalGateway mirrors Stripe test mode (ARCHITECTURE.md "Adapters"): the 3-D Secure card
// waits in requires_action, an intent keeps its description as Stripe's does, a repeated create
// with one idempotency key answers the first intent, and refunds keep their own ledger so no
// more than was paid can ever go back.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('local_gateway_intents', (t) => {
    t.text('description');
    t.text('idempotency_key').unique();
    t.dropChecks(['local_gateway_intents_status']);
  });
  await knex.schema.alterTable('local_gateway_intents', (t) => {
    t.check(
      "status IN ('requires_payment_method', 'requires_action', 'succeeded', 'canceled')",
      [],
      'local_gateway_intents_status',
    );
  });
  await knex.schema.createTable('local_gateway_refunds', (t) => {
    t.text('id').primary();
    t.text('intent_id')
      .notNullable()
      .references('local_gateway_intents.id')
      .onDelete('RESTRICT')
      .index();
    t.integer('amount_cents').notNullable();
    t.text('idempotency_key').notNullable().unique();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.check('amount_cents > 0', [], 'local_gateway_refunds_amount');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_gateway_refunds');
  // An authentication left half-way is an intent still waiting for a card, which the old
  // statuses can say.
  await knex('local_gateway_intents')
    .where({ status: 'requires_action' })
    .update({ status: 'requires_payment_method' });
  await knex.schema.alterTable('local_gateway_intents', (t) => {
    t.dropChecks(['local_gateway_intents_status']);
    t.dropColumn('idempotency_key');
    t.dropColumn('description');
  });
  await knex.schema.alterTable('local_gateway_intents', (t) => {
    t.check(
      "status IN ('requires_payment_method', 'succeeded', 'canceled')",
      [],
      'local_gateway_intents_status',
    );
  });
}
