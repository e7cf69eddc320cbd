import type { Knex } from 'knex';

// Subscriptions (DECISIONS.md "Subscriptions"): month 1 is paid at checkout, which saves the
// card; each later month is charged to the saved card by our own renewal job, on either gateway,
// retried 3 times over 7 days. The billing anchor and the count of paid months give every period
// end and the 3-month minimum; a lease (charge_claimed_at) lets one worker charge at a time.
// Members' visits are charged 12 h ahead, once: the booking keeps the claim and any failure.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => {
    // Renewal is ours on both gateways: there is no gateway-side subscription to point at.
    t.text('gateway_subscription_id').nullable().alter();
    t.timestamp('billing_anchor_at');
    t.integer('paid_months').notNullable().defaultTo(0);
    t.timestamp('current_period_start');
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.timestamp('senior_declared_at');
    t.smallint('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('next_charge_at');
    t.timestamp('charge_claimed_at');
    t.text('last_failure_message');
    t.check(
      "plan <> 'senior' OR senior_declared_at IS NOT NULL",
      [],
      'subscriptions_senior_declared',
    );
    t.check(
      "status IN ('incomplete', 'canceled') OR (billing_anchor_at IS NOT NULL AND paid_months >= 1 AND current_period_end IS NOT NULL)",
      [],
      'subscriptions_paid_when_live',
    );
    t.check('failed_attempts BETWEEN 0 AND 4', [], 'subscriptions_failed_attempts');
  });
  await knex.raw(
    "CREATE INDEX subscriptions_renewals_due ON subscriptions (next_charge_at) WHERE status IN ('active', 'past_due')",
  );

  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_kind', 'payments_subject']);
  });
  await knex.schema.alterTable('payments', (t) => {
    t.check(
      "kind IN ('deposit', 'balance', 'full', 'late_cancel_fee', 'subscription', 'early_cancel_fee')",
      [],
      'payments_kind',
    );
    t.check(
      "(kind IN ('subscription', 'early_cancel_fee')) = (subscription_id IS NOT NULL) AND (kind IN ('subscription', 'early_cancel_fee') OR booking_id IS NOT NULL)",
      [],
      'payments_subject',
    );
  });

  await knex.schema.alterTable('bookings', (t) => {
    t.timestamp('visit_charge_claimed_at');
    t.timestamp('visit_charge_failed_at');
  });

  // Stripe's customer and setup_future_usage on an intent: the card that pays it is saved.
  await knex.schema.alterTable('local_gateway_intents', (t) => {
    t.text('customer_id');
    t.boolean('save_card').notNullable().defaultTo(false);
    t.text('payment_method_id').references('local_gateway_payment_methods.id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('local_gateway_intents', (t) => {
    t.dropColumn('payment_method_id');
    t.dropColumn('save_card');
    t.dropColumn('customer_id');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('visit_charge_failed_at');
    t.dropColumn('visit_charge_claimed_at');
  });
  await knex('payments').where({ kind: 'early_cancel_fee' }).delete();
  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_kind', 'payments_subject']);
  });
  await knex.schema.alterTable('payments', (t) => {
    t.check(
      "kind IN ('deposit', 'balance', 'full', 'late_cancel_fee', 'subscription')",
      [],
      'payments_kind',
    );
    t.check(
      "(kind = 'subscription') = (subscription_id IS NOT NULL) AND (kind = 'subscription' OR booking_id IS NOT NULL)",
      [],
      'payments_subject',
    );
  });
  await knex.raw('DROP INDEX subscriptions_renewals_due');
  await knex.schema.alterTable('subscriptions', (t) => {
    t.dropChecks([
      'subscriptions_senior_declared',
      'subscriptions_paid_when_live',
      'subscriptions_failed_attempts',
    ]);
    for (const column of [
      'billing_anchor_at',
      'paid_months',
      'current_period_start',
      'cancel_at_period_end',
      'senior_declared_at',
      'failed_attempts',
      'next_charge_at',
      'charge_claimed_at',
      'last_failure_message',
    ]) {
      t.dropColumn(column);
    }
  });
  await knex('subscriptions')
    .whereNull('gateway_subscription_id')
    .update({ gatewaySubscriptionId: knex.raw("'ours_' || id") });
  await knex.schema.alterTable('subscriptions', (t) => {
    t.text('gateway_subscription_id').notNullable().alter();
  });
}
