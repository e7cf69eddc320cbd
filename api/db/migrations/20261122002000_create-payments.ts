import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').references('users.id').onDelete('SET NULL').index();
    t.uuid('booking_id').references('bookings.id').onDelete('RESTRICT').index();
    t.uuid('subscription_id').references('subscriptions.id').onDelete('RESTRICT');
    t.text('gateway').notNullable();
    t.text('gateway_payment_id').notNullable().unique();
    t.text('kind').notNullable();
    t.integer('amount_cents').notNullable();
    t.text('currency').notNullable().defaultTo('usd');
    t.text('status').notNullable();
    t.integer('refunded_cents').notNullable().defaultTo(0);
    t.text('failure_message');
    t.timestamps(true, true);
    t.check("gateway IN ('stripe', 'local')", [], 'payments_gateway');
    t.check(
      "kind IN ('deposit', 'balance', 'full', 'late_cancel_fee', 'subscription')",
      [],
      'payments_kind',
    );
    t.check(
      "status IN ('requires_payment', 'processing', 'succeeded', 'failed', 'canceled')",
      [],
      'payments_status',
    );
    t.check(
      'amount_cents > 0 AND refunded_cents BETWEEN 0 AND amount_cents',
      [],
      'payments_amounts',
    );
    t.check(
      "(kind = 'subscription') = (subscription_id IS NOT NULL) AND (kind = 'subscription' OR booking_id IS NOT NULL)",
      [],
      'payments_subject',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payments');
}
