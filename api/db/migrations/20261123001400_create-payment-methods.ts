import type { Knex } from 'knex';

// Saved cards (DECISIONS.md "Payments": /client/payment-methods; "Subscriptions": members'
// visits are charged to the saved card). A card is saved through the gateway's setup intent on
// the client's gateway customer; we keep what the list shows and the gateway's id to charge.
// The LocalGateway keeps its own setup intents and saved cards, as Stripe test mode would.
export async function up(knex: Knex): Promise<void> {
  // The column the first migration reserved, named for what it holds: the gateway's customer.
  await knex.schema.alterTable('users', (t) => {
    t.renameColumn('payment_customer_id', 'gateway_customer_id');
  });
  await knex.schema.alterTable('users', (t) => {
    t.unique(['gateway_customer_id'], { indexName: 'users_gateway_customer_id_unique' });
  });
  await knex.schema.createTable('payment_methods', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('gateway').notNullable();
    t.text('gateway_payment_method_id').notNullable().unique();
    t.text('brand').notNullable();
    t.text('last4').notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.check("gateway IN ('stripe', 'local')", [], 'payment_methods_gateway');
    t.check("last4 ~ '^[0-9]{4}$'", [], 'payment_methods_last4');
    t.check('exp_month BETWEEN 1 AND 12', [], 'payment_methods_exp_month');
    t.check('exp_year BETWEEN 2000 AND 2200', [], 'payment_methods_exp_year');
  });
  // The card a member's visits are charged to: at most one per client.
  await knex.raw(
    'CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (user_id) WHERE is_default',
  );

  await knex.schema.createTable('local_gateway_payment_methods', (t) => {
    t.text('id').primary();
    // Null once detached: a detached card can no longer be used, as with Stripe.
    t.text('customer_id').index();
    t.text('brand').notNullable();
    t.text('last4').notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('local_gateway_setup_intents', (t) => {
    t.text('id').primary();
    t.text('client_secret').notNullable().unique();
    t.text('customer_id').notNullable();
    t.text('status').notNullable();
    // The card being set up: set while it waits for authentication, kept once it succeeds.
    t.text('payment_method_id').references('local_gateway_payment_methods.id');
    t.text('decline_message');
    t.text('idempotency_key').unique();
    t.timestamps(true, true);
    t.check(
      "status IN ('requires_payment_method', 'requires_action', 'succeeded')",
      [],
      'local_gateway_setup_intents_status',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_gateway_setup_intents');
  await knex.schema.dropTable('local_gateway_payment_methods');
  await knex.schema.dropTable('payment_methods');
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['gateway_customer_id'], 'users_gateway_customer_id_unique');
  });
  await knex.schema.alterTable('users', (t) => {
    t.renameColumn('gateway_customer_id', 'payment_customer_id');
  });
}
