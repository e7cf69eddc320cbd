import type { Knex } from 'knex';

// Status is not stored: shared/src/booking-status.ts derives it from these facts,
// and the checks below make the impossible combinations unstorable.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bookings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('service_type').notNullable();
    t.uuid('client_id').references('users.id').onDelete('SET NULL').index();
    t.text('client_first_name').notNullable();
    t.text('client_last_name').notNullable();
    t.text('client_email').notNullable();
    t.text('client_phone').notNullable();
    t.text('client_notes').notNullable().defaultTo('');
    // Service address; the pickup address for laundry and dry cleaning.
    t.text('address').notNullable();
    t.text('city').notNullable();
    t.text('state').notNullable();
    t.text('zip_code').notNullable();
    t.boolean('dropoff_same_as_pickup');
    t.text('dropoff_address');
    t.text('dropoff_city');
    t.text('dropoff_state');
    t.text('dropoff_zip_code');
    t.double('latitude');
    t.double('longitude');
    t.text('geocode_precision');
    t.date('scheduled_date').notNullable();
    t.text('scheduled_time').notNullable();
    t.timestamp('scheduled_at').notNullable();
    t.text('subscription_type').notNullable();
    t.decimal('base_hours', 5, 2);
    t.decimal('total_hours', 5, 2);
    t.integer('hourly_rate_cents');
    t.integer('base_amount_cents').notNullable();
    t.boolean('green_cleaning').notNullable().defaultTo(false);
    t.integer('green_cleaning_fee_cents').notNullable().defaultTo(0);
    t.integer('add_ons_total_cents').notNullable().defaultTo(0);
    t.integer('total_amount_cents').notNullable();
    t.integer('deposit_amount_cents').notNullable();
    // Carpet and rug prices are estimates until confirmed after a provider is assigned.
    t.boolean('price_is_final').notNullable();
    t.integer('amount_paid_cents').notNullable().defaultTo(0);
    t.uuid('provider_id').references('users.id').onDelete('RESTRICT').index();
    t.timestamp('assigned_at');
    t.timestamp('deposit_requested_at');
    t.timestamp('en_route_at');
    t.timestamp('clock_in_at');
    t.timestamp('clock_out_at');
    t.timestamp('canceled_at');
    t.uuid('canceled_by').references('users.id').onDelete('SET NULL');
    t.text('cancellation_reason');
    t.integer('cancellation_fee_cents');
    t.timestamps(true, true);

    t.check(
      "service_type IN ('house', 'carpet', 'laundry', 'dry_cleaning')",
      [],
      'bookings_service_type',
    );
    t.check("subscription_type IN ('none', 'standard', 'senior')", [], 'bookings_subscription');
    t.check("zip_code ~ '^[0-9]{5}$'", [], 'bookings_zip_code');
    t.check("scheduled_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'", [], 'bookings_scheduled_time');
    t.check(
      "geocode_precision IS NULL OR geocode_precision IN ('address', 'zip')",
      [],
      'bookings_geocode_precision',
    );
    t.check(
      '(latitude IS NULL) = (longitude IS NULL) AND (latitude IS NULL) = (geocode_precision IS NULL)',
      [],
      'bookings_point',
    );
    t.check(
      `LEAST(base_amount_cents, green_cleaning_fee_cents, add_ons_total_cents, deposit_amount_cents,
        amount_paid_cents) >= 0`,
      [],
      'bookings_amounts_non_negative',
    );
    t.check(
      'total_amount_cents = base_amount_cents + green_cleaning_fee_cents + add_ons_total_cents',
      [],
      'bookings_total',
    );
    t.check('deposit_amount_cents <= total_amount_cents', [], 'bookings_deposit');
    t.check(
      "service_type <> 'house' OR (total_hours > 0 AND base_hours > 0 AND hourly_rate_cents >= 0)",
      [],
      'bookings_house_hours',
    );
    t.check('(provider_id IS NULL) = (assigned_at IS NULL)', [], 'bookings_assignment');
    t.check(
      'provider_id IS NOT NULL OR (en_route_at IS NULL AND clock_in_at IS NULL)',
      [],
      'bookings_work_needs_provider',
    );
    t.check('clock_out_at IS NULL OR clock_in_at IS NOT NULL', [], 'bookings_clock_out_after_in');
    t.check(
      '(canceled_at IS NULL) = (cancellation_reason IS NULL)',
      [],
      'bookings_cancellation_reason',
    );
    t.check('canceled_at IS NULL OR clock_out_at IS NULL', [], 'bookings_canceled_or_completed');
  });
  // The job board's query: unassigned, not canceled, ordered by time.
  await knex.raw(
    'CREATE INDEX bookings_open_jobs ON bookings (scheduled_at) WHERE provider_id IS NULL AND canceled_at IS NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bookings');
}
