import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_add_ons', (t) => {
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.text('add_on_id').notNullable().references('add_ons.id').onDelete('RESTRICT');
    t.smallint('quantity').notNullable();
    // Copied at booking time (0 when waived for subscribers) so later price edits don't rewrite history.
    t.integer('unit_price_cents').notNullable();
    t.integer('time_minutes').notNullable();
    t.primary(['booking_id', 'add_on_id']);
    t.check(
      'quantity > 0 AND unit_price_cents >= 0 AND time_minutes >= 0',
      [],
      'booking_add_ons_amounts',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('booking_add_ons');
}
