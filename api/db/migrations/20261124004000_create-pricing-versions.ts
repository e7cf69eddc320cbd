import type { Knex } from 'knex';

// DECISIONS.md "Admin operations": each save of the pricing config is a new version, kept with
// who made it and when. A version holds every price (the config and each add-on's) and what it
// changed, worked out when it was saved: the add-ons' names and the figures before it are those
// of that moment. The row as it stands now is version 1, by whoever last set it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pricing_versions', (t) => {
    t.integer('version').primary();
    /** The pricing config in cents, keyed as shared/src/pricing.ts's pricingConfigSchema. */
    t.jsonb('config').notNullable();
    /** Each add-on's price in cents by add-on id. */
    t.jsonb('add_on_cents').notNullable();
    /** What this version changed from the one before: [{ field, label, from, to }]. */
    t.jsonb('changes').notNullable().defaultTo('[]');
    t.text('note');
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.check('version >= 1', [], 'pricing_versions_number');
    t.check(
      "jsonb_typeof(config) = 'object' AND jsonb_typeof(add_on_cents) = 'object' AND jsonb_typeof(changes) = 'array'",
      [],
      'pricing_versions_shapes',
    );
    t.check('char_length(note) <= 200', [], 'pricing_versions_note');
  });
  await knex.raw(`
    INSERT INTO pricing_versions (version, config, add_on_cents, created_by, created_at)
    SELECT 1,
      jsonb_build_object(
        'hourlyRateCents', hourly_rate_cents,
        'subscriberHourlyRateCents', subscriber_hourly_rate_cents,
        'standardPlanCents', standard_plan_cents,
        'seniorPlanCents', senior_plan_cents,
        'greenCleaningFeeCents', green_cleaning_fee_cents,
        'carpetBedroomCents', carpet_bedroom_cents,
        'carpetLivingRoomCents', carpet_living_room_cents,
        'carpetStaircaseCents', carpet_staircase_cents,
        'laundryLoadCents', laundry_load_cents,
        'dryCleaningMinimumCents', dry_cleaning_minimum_cents,
        'dryCleaningItemCents', dry_cleaning_item_cents,
        'depositPercent', deposit_percent,
        'lateCancelFeePercent', late_cancel_fee_percent,
        'providerHourlyRateCents', provider_hourly_rate_cents,
        'providerSharePercent', provider_share_percent,
        'maxWaitPayCents', max_wait_pay_cents,
        'subscriptionEarlyCancelFeeCents', subscription_early_cancel_fee_cents,
        'subscriptionMinimumMonths', subscription_minimum_months
      ),
      COALESCE((SELECT jsonb_object_agg(id, price_cents) FROM add_ons), '{}'::jsonb),
      updated_by,
      updated_at
    FROM pricing_config WHERE id = 1`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pricing_versions');
}
