import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('carpet_cleaning_details', (t) => {
    t.uuid('booking_id').primary().references('bookings.id').onDelete('CASCADE');
    t.smallint('bedrooms').notNullable();
    t.smallint('living_rooms').notNullable();
    t.smallint('stairs').notNullable();
    t.check('bedrooms >= 0 AND living_rooms >= 0 AND stairs >= 0', [], 'carpet_counts');
    t.check('bedrooms + living_rooms > 0', [], 'carpet_some_room');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('carpet_cleaning_details');
}
