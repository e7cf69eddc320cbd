import type { Knex } from 'knex';

// DECISIONS.md "Recurring visits, homes and entry notes" (issue 31). A home is a client's saved
// address and rooms; its entry notes are AES-GCM ciphertext (api/src/security/data-cipher.ts),
// never plain text. A series repeats one booking's facts on a weekday and time; its visits are
// ordinary bookings, one per series and planned date whatever generates them twice.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('homes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('label').notNullable().defaultTo('');
    t.text('address').notNullable();
    t.text('city').notNullable();
    t.text('state').notNullable();
    t.text('zip_code').notNullable();
    t.double('latitude');
    t.double('longitude');
    t.text('geocode_precision');
    // The house wizard's rooms and size; null for a home saved from the laundry form.
    t.text('home_size');
    t.integer('square_feet');
    t.smallint('number_of_floors');
    t.smallint('bedroom_count');
    t.smallint('full_bathroom_count');
    t.smallint('half_bathroom_count');
    t.boolean('has_kitchen');
    t.boolean('has_living_room');
    t.boolean('has_pets').notNullable().defaultTo(false);
    t.text('pet_details').notNullable().defaultTo('');
    t.text('parking_notes').notNullable().defaultTo('');
    /** `v1:<base64 iv|tag|ciphertext>`; null when the client left no entry notes. */
    t.text('entry_notes_sealed');
    t.timestamp('archived_at');
    t.timestamps(true, true);
    t.check("zip_code ~ '^[0-9]{5}$'", [], 'homes_zip_code');
    t.check(
      "home_size IS NULL OR home_size IN ('small', 'medium', 'large')",
      [],
      'homes_home_size',
    );
    t.check(
      "entry_notes_sealed IS NULL OR entry_notes_sealed LIKE 'v1:%'",
      [],
      'homes_entry_notes_sealed',
    );
  });

  await knex.schema.createTable('booking_series', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.uuid('home_id').notNullable().references('homes.id').onDelete('RESTRICT');
    t.text('service_type').notNullable();
    t.smallint('interval_weeks').notNullable();
    /** The first visit's date: visits fall on it plus whole multiples of the interval. */
    t.date('anchor_date').notNullable();
    t.text('scheduled_time').notNullable();
    /** The booking's own facts (rooms, add-ons, green cleaning, loads, contact) to repeat. */
    t.jsonb('details').notNullable();
    t.uuid('regular_provider_id').references('users.id').onDelete('SET NULL').index();
    t.date('paused_until');
    t.timestamp('canceled_at');
    t.text('cancellation_reason');
    t.timestamps(true, true);
    t.check("service_type IN ('house', 'laundry')", [], 'booking_series_service_type');
    t.check('interval_weeks IN (1, 2, 4)', [], 'booking_series_interval');
    t.check(
      "scheduled_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'",
      [],
      'booking_series_scheduled_time',
    );
    t.check(
      '(canceled_at IS NULL) = (cancellation_reason IS NULL)',
      [],
      'booking_series_cancellation',
    );
  });

  // What happened to a series, for the client's summary and the admin's history.
  await knex.schema.createTable('series_events', (t) => {
    t.bigIncrements('id');
    t.uuid('series_id').notNullable().references('booking_series.id').onDelete('CASCADE');
    t.uuid('booking_id').references('bookings.id').onDelete('SET NULL');
    t.uuid('actor_id').references('users.id').onDelete('SET NULL');
    t.text('kind').notNullable();
    t.text('summary').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['series_id', 'created_at']);
  });

  await knex.schema.alterTable('bookings', (t) => {
    t.uuid('home_id').references('homes.id').onDelete('SET NULL');
    t.uuid('series_id').references('booking_series.id').onDelete('SET NULL');
    /** The date the series planned this visit for; it stays when the visit is moved. */
    t.date('series_date');
    t.check('(series_id IS NULL) = (series_date IS NULL)', [], 'bookings_series_date');
  });
  await knex.raw(
    'CREATE UNIQUE INDEX bookings_series_visit ON bookings (series_id, series_date) WHERE series_id IS NOT NULL',
  );
  await knex.raw('CREATE INDEX bookings_home ON bookings (home_id) WHERE home_id IS NOT NULL');

  // An owner's "Move a day": every visit on the date gets a proposal the client settles.
  await knex.schema.createTable('day_moves', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.date('moved_date').notNullable();
    t.text('reason').notNullable();
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('visit_moves', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('day_move_id').notNullable().references('day_moves.id').onDelete('CASCADE');
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.date('from_date').notNullable();
    t.text('from_time').notNullable();
    /** The proposed new time; null when no provider is free and the client chooses. */
    t.date('proposed_date');
    t.text('proposed_time');
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('settled_at');
    t.timestamps(true, true);
    t.unique(['day_move_id', 'booking_id']);
    t.check(
      "status IN ('pending', 'accepted', 'rescheduled', 'skipped')",
      [],
      'visit_moves_status',
    );
    t.check("(status = 'pending') = (settled_at IS NULL)", [], 'visit_moves_settled');
    t.check('(proposed_date IS NULL) = (proposed_time IS NULL)', [], 'visit_moves_proposal');
  });
  // A visit has at most one unsettled move: the charge sweep waits on it.
  await knex.raw(
    "CREATE UNIQUE INDEX visit_moves_pending ON visit_moves (booking_id) WHERE status = 'pending'",
  );

  await knex.schema.alterTable('pricing_config', (t) => {
    t.integer('series_weekly_discount_percent').notNullable().defaultTo(15);
    t.integer('series_biweekly_discount_percent').notNullable().defaultTo(10);
    t.integer('series_four_weekly_discount_percent').notNullable().defaultTo(5);
    t.check(
      `series_weekly_discount_percent BETWEEN 0 AND 100
       AND series_biweekly_discount_percent BETWEEN 0 AND 100
       AND series_four_weekly_discount_percent BETWEEN 0 AND 100`,
      [],
      'pricing_config_series_discounts',
    );
  });
  await knex.raw(
    `UPDATE pricing_versions
     SET config = config || '{"seriesWeeklyDiscountPercent": 15, "seriesBiweeklyDiscountPercent": 10, "seriesFourWeeklyDiscountPercent": 5}'::jsonb
     WHERE config -> 'seriesWeeklyDiscountPercent' IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    "UPDATE pricing_versions SET config = config - 'seriesWeeklyDiscountPercent' - 'seriesBiweeklyDiscountPercent' - 'seriesFourWeeklyDiscountPercent'",
  );
  await knex.schema.alterTable('pricing_config', (t) => {
    t.dropChecks(['pricing_config_series_discounts']);
    t.dropColumn('series_weekly_discount_percent');
    t.dropColumn('series_biweekly_discount_percent');
    t.dropColumn('series_four_weekly_discount_percent');
  });
  await knex.schema.dropTable('visit_moves');
  await knex.schema.dropTable('day_moves');
  await knex.raw('DROP INDEX bookings_home');
  await knex.raw('DROP INDEX bookings_series_visit');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_series_date']);
    t.dropColumn('series_date');
    t.dropColumn('series_id');
    t.dropColumn('home_id');
  });
  await knex.schema.dropTable('series_events');
  await knex.schema.dropTable('booking_series');
  await knex.schema.dropTable('homes');
}
