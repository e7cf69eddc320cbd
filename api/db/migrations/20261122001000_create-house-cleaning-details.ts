import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('house_cleaning_details', (t) => {
    t.uuid('booking_id').primary().references('bookings.id').onDelete('CASCADE');
    t.text('home_size').notNullable();
    t.integer('square_feet');
    t.smallint('number_of_floors').notNullable();
    t.smallint('bedroom_count').notNullable();
    t.smallint('full_bathroom_count').notNullable();
    t.smallint('half_bathroom_count').notNullable();
    t.boolean('has_kitchen').notNullable();
    t.boolean('has_living_room').notNullable();
    t.specificType('selected_rooms', 'text[]').notNullable();
    t.boolean('has_pets').notNullable().defaultTo(false);
    t.text('pet_details').notNullable().defaultTo('');
    t.check("home_size IN ('small', 'medium', 'large')", [], 'house_home_size');
    t.check('square_feet IS NULL OR square_feet BETWEEN 100 AND 10000', [], 'house_square_feet');
    t.check('number_of_floors IN (1, 2)', [], 'house_floors');
    t.check(
      'bedroom_count BETWEEN 0 AND 6 AND full_bathroom_count BETWEEN 0 AND 5 AND half_bathroom_count BETWEEN 0 AND 3',
      [],
      'house_room_counts',
    );
    t.check(
      'bedroom_count + full_bathroom_count + half_bathroom_count > 0 OR has_kitchen OR has_living_room',
      [],
      'house_some_room',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('house_cleaning_details');
}
