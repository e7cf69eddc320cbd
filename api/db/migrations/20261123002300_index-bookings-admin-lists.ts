import type { Knex } from 'knex';

// The admin tables page through 100,000 bookings of one service at a time, sorted by any column
// (api/src/modules/admin/bookings-list.ts). Each index leads with the service and ends with the
// id that breaks ties, so a page is read in order from its index (by provider: counted per
// provider, then read one provider at a time); the last two serve the dashboard's newest bookings
// of every service, with or without a status.
const INDEXES: Record<string, string> = {
  // Few distinct pairs, so PostgreSQL keeps it deduplicated, a tenth the size of the others:
  // counting a page's 70,000 bookings (or every completed one, for the dashboard) reads it.
  bookings_admin_counts: '(service_type, derived_status)',
  bookings_admin_by_date: '(service_type, scheduled_date, scheduled_time, id)',
  bookings_admin_by_status: '(service_type, derived_status, scheduled_date, scheduled_time, id)',
  bookings_admin_by_created: '(service_type, created_at, id)',
  bookings_admin_by_amount: '(service_type, total_amount_cents, id)',
  bookings_admin_by_hours: '(service_type, total_hours, id)',
  bookings_admin_by_client: '(service_type, client_first_name, client_last_name, id)',
  bookings_admin_by_address: '(service_type, address, city, id)',
  bookings_admin_by_provider: '(service_type, provider_id, id)',
  bookings_admin_recent: '(created_at, id)',
  bookings_admin_recent_by_status: '(derived_status, created_at, id)',
};

export async function up(knex: Knex): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON bookings ${columns}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of Object.keys(INDEXES)) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
