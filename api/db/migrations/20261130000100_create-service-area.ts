import type { Knex } from 'knex';
import zipcodes from 'zipcodes';

// Issue 34, DECISIONS.md "Service area and promotions": the ZIP codes we serve, edited by the
// owner, and the waitlist of visitors whose ZIP we do not serve yet.

/**
 * The first list: every Minnesota ZIP within 25 miles of downtown Minneapolis (55401), from the
 * ZIP table the geocoder uses (194 codes: Minneapolis, St Paul and their suburbs). README
 * "Service area" says so; the owner edits it from there.
 */
const metroZips = () =>
  zipcodes
    .radius('55401', 25, true)
    .filter((place) => place.state === 'MN')
    .map((place) => place.zip)
    .sort();

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('served_zips', (t) => {
    t.text('zip').primary();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("zip ~ '^[0-9]{5}$'", [], 'served_zips_zip');
  });
  await knex('served_zips').insert(metroZips().map((zip) => ({ zip })));

  await knex.schema.createTable('waitlist_entries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('email').notNullable();
    t.text('zip').notNullable().index();
    t.text('service_type').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** When they were e-mailed that their ZIP opened; null while they wait. */
    t.timestamp('notified_at', { useTz: true });
    // Joining twice is joining once.
    t.unique(['email', 'zip', 'service_type']);
    t.check("zip ~ '^[0-9]{5}$'", [], 'waitlist_entries_zip');
    t.check(
      "service_type IN ('house', 'carpet', 'laundry', 'dry_cleaning')",
      [],
      'waitlist_entries_service_type',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('waitlist_entries');
  await knex.schema.dropTable('served_zips');
}
