import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.text('plan').notNullable();
    t.text('status').notNullable();
    t.text('gateway').notNullable();
    t.text('gateway_subscription_id').notNullable().unique();
    t.integer('price_cents').notNullable();
    t.timestamp('current_period_end');
    t.timestamp('minimum_term_ends_at').notNullable();
    t.timestamp('canceled_at');
    t.integer('cancel_fee_cents');
    t.timestamps(true, true);
    t.check("plan IN ('standard', 'senior')", [], 'subscriptions_plan');
    t.check(
      "status IN ('incomplete', 'trialing', 'active', 'past_due', 'canceled')",
      [],
      'subscriptions_status',
    );
    t.check("gateway IN ('stripe', 'local')", [], 'subscriptions_gateway');
    t.check('price_cents >= 0', [], 'subscriptions_price');
  });
  // A client holds at most one live subscription.
  await knex.raw(
    "CREATE UNIQUE INDEX subscriptions_one_live ON subscriptions (user_id) WHERE status IN ('incomplete', 'trialing', 'active', 'past_due')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('subscriptions');
}
