import type { Knex } from 'knex';

// One row (id = 1) that every price on the site is read from; DECISIONS.md "Prices and fees".
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pricing_config', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.integer('hourly_rate_cents').notNullable();
    t.integer('subscriber_hourly_rate_cents').notNullable();
    t.integer('standard_plan_cents').notNullable();
    t.integer('senior_plan_cents').notNullable();
    t.integer('green_cleaning_fee_cents').notNullable();
    t.integer('carpet_bedroom_cents').notNullable();
    t.integer('carpet_living_room_cents').notNullable();
    t.integer('carpet_staircase_cents').notNullable();
    t.integer('laundry_load_cents').notNullable();
    t.integer('dry_cleaning_minimum_cents').notNullable();
    t.smallint('deposit_percent').notNullable();
    t.smallint('late_cancel_fee_percent').notNullable();
    t.integer('provider_hourly_rate_cents').notNullable();
    t.integer('max_wait_pay_cents').notNullable();
    t.integer('subscription_early_cancel_fee_cents').notNullable();
    t.smallint('subscription_minimum_months').notNullable();
    t.uuid('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.check('id = 1', [], 'pricing_config_singleton');
    t.check(
      'deposit_percent BETWEEN 0 AND 100 AND late_cancel_fee_percent BETWEEN 0 AND 100',
      [],
      'pricing_config_percents',
    );
    t.check(
      `LEAST(hourly_rate_cents, subscriber_hourly_rate_cents, standard_plan_cents, senior_plan_cents,
        green_cleaning_fee_cents, carpet_bedroom_cents, carpet_living_room_cents, carpet_staircase_cents,
        laundry_load_cents, dry_cleaning_minimum_cents, provider_hourly_rate_cents, max_wait_pay_cents,
        subscription_early_cancel_fee_cents, subscription_minimum_months) >= 0`,
      [],
      'pricing_config_non_negative',
    );
  });
  await knex('pricing_config').insert({
    id: 1,
    hourly_rate_cents: 4500,
    subscriber_hourly_rate_cents: 2500,
    standard_plan_cents: 9999,
    senior_plan_cents: 5000,
    green_cleaning_fee_cents: 2000,
    carpet_bedroom_cents: 7500,
    carpet_living_room_cents: 7500,
    carpet_staircase_cents: 2500,
    laundry_load_cents: 3500,
    dry_cleaning_minimum_cents: 5000,
    deposit_percent: 40,
    late_cancel_fee_percent: 40,
    provider_hourly_rate_cents: 2500,
    max_wait_pay_cents: 10000,
    subscription_early_cancel_fee_cents: 10000,
    subscription_minimum_months: 3,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pricing_config');
}
