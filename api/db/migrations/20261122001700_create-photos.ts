import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('photos', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // The device's uuid for the photo: a re-sent upload finds its first copy.
    t.uuid('client_photo_id').notNullable().unique();
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE').index();
    t.uuid('uploaded_by').notNullable().references('users.id').onDelete('RESTRICT');
    t.text('photo_type').notNullable();
    t.text('storage_key').notNullable().unique();
    t.text('mime_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.integer('width');
    t.integer('height');
    t.timestamp('taken_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.check("photo_type IN ('before', 'after')", [], 'photos_type');
    t.check(
      "mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/gif')",
      [],
      'photos_mime',
    );
    t.check('size_bytes BETWEEN 1 AND 5242880', [], 'photos_size');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('photos');
}
