import type { Knex } from 'knex';

// Clock-in/out punches, replayed from the offline outbox. client_event_id is the device's uuid
// and the Idempotency-Key: permanent and UNIQUE, so a replay can never apply twice.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_events', (t) => {
    t.bigIncrements('id');
    t.uuid('client_event_id').notNullable().unique();
    t.uuid('provider_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('RESTRICT');
    t.text('type').notNullable();
    t.integer('device_seq');
    t.timestamp('occurred_at').notNullable();
    t.timestamp('received_at').notNullable().defaultTo(knex.fn.now());
    t.integer('clock_offset_ms');
    t.boolean('offline').notNullable().defaultTo(false);
    t.double('latitude');
    t.double('longitude');
    t.double('accuracy_m');
    t.timestamp('position_at');
    t.double('distance_m');
    t.boolean('geofence_verified').notNullable().defaultTo(false);
    t.text('unverified_reason');
    t.integer('wait_pay_cents');
    t.boolean('suspicious').notNullable().defaultTo(false);
    t.text('suspicion_reason');
    // The first answer, replayed verbatim to any repeat of the same key.
    t.smallint('response_status').notNullable();
    t.jsonb('response_body').notNullable();
    t.index(['booking_id', 'type']);
    t.check("type IN ('clock_in', 'clock_out')", [], 'provider_events_type');
    t.check('(latitude IS NULL) = (longitude IS NULL)', [], 'provider_events_point');
    t.check('latitude IS NULL OR latitude BETWEEN -90 AND 90', [], 'provider_events_latitude');
    t.check('longitude IS NULL OR longitude BETWEEN -180 AND 180', [], 'provider_events_longitude');
    t.check(
      "wait_pay_cents IS NULL OR (type = 'clock_out' AND wait_pay_cents BETWEEN 0 AND 10000)",
      [],
      'provider_events_wait_pay',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provider_events');
}
