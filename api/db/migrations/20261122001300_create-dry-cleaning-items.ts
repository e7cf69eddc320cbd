import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dry_cleaning_items', (t) => {
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    // Item ids are the fixed list in shared/src/services.ts, checked by zod at the edge.
    t.text('item_id').notNullable();
    t.smallint('quantity').notNullable();
    t.primary(['booking_id', 'item_id']);
    t.check('quantity > 0', [], 'dry_cleaning_items_quantity');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('dry_cleaning_items');
}
