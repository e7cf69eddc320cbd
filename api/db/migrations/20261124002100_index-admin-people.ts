import type { Knex } from 'knex';

// The admin Clients and Providers lists (api/src/modules/admin-people) search accounts by name,
// e-mail and phone, and show each person's bookings, payments and payouts beside them. With
// 100,000 bookings each figure is read from an index that holds it, per person, never by reading
// the tables: a page of 25 people is 25 small index probes per figure.
const INDEXES: Record<string, string> = {
  // Any part of the name, e-mail or phone (as typed, or its digits alone). The expression must
  // stay the one in admin-people/search.ts, or the search stops using the index.
  users_people_search: `users USING gin ((lower(first_name || ' ' || last_name || ' ' || email || ' ' ||
    coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))) gin_trgm_ops)`,
  // The lists' default order, per role.
  users_people_by_name: 'users (role, last_name, first_name, id)',
  // A client's bookings: how many, the latest date.
  bookings_by_client_date: 'bookings (client_id, scheduled_date)',
  // A client's total paid.
  payments_succeeded_by_user:
    "payments (user_id) INCLUDE (amount_cents, refunded_cents) WHERE status = 'succeeded'",
  // A client's latest membership.
  subscriptions_by_user: 'subscriptions (user_id, created_at)',
  // A provider's jobs done.
  bookings_done_by_provider: 'bookings (provider_id) WHERE clock_out_at IS NOT NULL',
  // A provider's hours and earnings of the last 7 and 30 days, and their newest payouts.
  payouts_by_provider_date:
    'payouts (provider_id, created_at) INCLUDE (total_amount_cents, hours_paid)',
  // A provider's upcoming jobs.
  bookings_upcoming_by_provider:
    'bookings (provider_id, scheduled_at) WHERE canceled_at IS NULL AND clock_in_at IS NULL',
};

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of Object.entries(INDEXES)) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of Object.keys(INDEXES)) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
