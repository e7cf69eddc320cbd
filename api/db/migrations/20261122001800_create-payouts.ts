import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payouts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('provider_id').notNullable().references('users.id').onDelete('RESTRICT').index();
    // One payout per job: clock-out creates it exactly once.
    t.uuid('booking_id').notNullable().unique().references('bookings.id').onDelete('RESTRICT');
    t.bigInteger('clock_in_event_id').references('provider_events.id').onDelete('SET NULL');
    t.bigInteger('clock_out_event_id').references('provider_events.id').onDelete('SET NULL');
    t.decimal('hours_worked', 6, 2).notNullable();
    t.integer('hourly_rate_cents').notNullable();
    t.integer('base_amount_cents').notNullable();
    t.integer('wait_pay_cents').notNullable().defaultTo(0);
    t.integer('total_amount_cents').notNullable();
    t.boolean('geofence_verified').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('paid_at');
    t.uuid('paid_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.check("status IN ('pending', 'paid')", [], 'payouts_status');
    t.check("(status = 'paid') = (paid_at IS NOT NULL)", [], 'payouts_paid_at');
    t.check(
      'hours_worked >= 0 AND hourly_rate_cents >= 0 AND base_amount_cents >= 0',
      [],
      'payouts_amounts',
    );
    t.check('wait_pay_cents BETWEEN 0 AND 10000', [], 'payouts_wait_pay');
    t.check('total_amount_cents = base_amount_cents + wait_pay_cents', [], 'payouts_total');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payouts');
}
