import type { Knex } from 'knex';

// The admin lists' search box looks for any part of a client's name, e-mail, address, city or
// ZIP among 100,000 bookings. One lower-cased text per booking, kept by PostgreSQL, with a
// trigram index: `search_text LIKE '%word%'` then reads a few index pages, not every row.
// pg_trgm ships with PostgreSQL (and the embedded server) and is trusted, so no superuser.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw(`
    ALTER TABLE bookings ADD COLUMN search_text text GENERATED ALWAYS AS (
      lower(client_first_name || ' ' || client_last_name || ' ' || client_email || ' ' ||
        address || ' ' || city || ' ' || zip_code)
    ) STORED`);
  await knex.raw(
    'CREATE INDEX bookings_search_text ON bookings USING gin (search_text gin_trgm_ops)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS bookings_search_text');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('search_text');
  });
  await knex.raw('DROP EXTENSION IF EXISTS pg_trgm');
}
