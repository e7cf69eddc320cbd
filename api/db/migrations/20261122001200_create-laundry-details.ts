import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('laundry_details', (t) => {
    t.uuid('booking_id').primary().references('bookings.id').onDelete('CASCADE');
    t.smallint('number_of_loads').notNullable();
    t.check('number_of_loads BETWEEN 1 AND 20', [], 'laundry_loads');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('laundry_details');
}
