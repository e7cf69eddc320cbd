import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('availability_slots', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('provider_id').notNullable().references('users.id').onDelete('CASCADE');
    t.smallint('day_of_week').notNullable();
    t.text('start_time').notNullable();
    t.text('end_time').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.index(['provider_id', 'day_of_week']);
    t.check('day_of_week BETWEEN 0 AND 6', [], 'availability_day');
    // The 30-minute grid, 00:00–23:30; HH:MM text compares in time order.
    t.check(
      "start_time ~ '^([01][0-9]|2[0-3]):(00|30)$' AND end_time ~ '^([01][0-9]|2[0-3]):(00|30)$'",
      [],
      'availability_grid',
    );
    t.check('start_time < end_time', [], 'availability_range');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('availability_slots');
}
