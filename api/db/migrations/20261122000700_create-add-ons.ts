import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('add_ons', (t) => {
    // A readable slug: booking payloads and URLs name add-ons by it.
    t.text('id').primary();
    t.text('name').notNullable();
    t.text('description').notNullable();
    t.text('category').notNullable();
    t.integer('price_cents').notNullable();
    t.text('price_unit').notNullable().defaultTo('each');
    t.integer('time_minutes').notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.check("id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", [], 'add_ons_id_slug');
    t.check("category IN ('kitchen', 'bathroom', 'whole_home')", [], 'add_ons_category');
    t.check("price_unit IN ('each', 'window')", [], 'add_ons_price_unit');
    t.check('price_cents >= 0 AND time_minutes >= 0', [], 'add_ons_amounts');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('add_ons');
}
