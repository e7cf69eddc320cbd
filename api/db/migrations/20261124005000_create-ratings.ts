import type { Knex } from 'knex';

// DECISIONS.md "Admin operations": a client rates a completed visit 1–5 with an optional comment,
// once (the UNIQUE booking). A guest booking has no client account, so client_id may be null.
// An admin may hide an abusive comment: the text is kept, and the stars still count.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ratings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().unique().references('bookings.id').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.uuid('client_id').references('users.id').onDelete('SET NULL');
    t.smallint('stars').notNullable();
    t.text('comment').notNullable().defaultTo('');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('comment_hidden_at');
    t.uuid('comment_hidden_by').references('users.id').onDelete('SET NULL');
    t.check('stars BETWEEN 1 AND 5', [], 'ratings_stars_range');
    t.check('char_length(comment) <= 1000', [], 'ratings_comment_length');
  });
  // A provider's newest ratings first (their rating is the average of the last 50, read for
  // every row of the admin Providers list and its sort): the stars ride along for an index-only
  // scan, and the id breaks ties so "the last 50" is always the same 50.
  await knex.raw(
    'CREATE INDEX ratings_by_provider_newest ON ratings (provider_id, created_at DESC, id DESC) INCLUDE (stars)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ratings');
}
