import type { Knex } from 'knex';

// The admin lists filter and sort 100,000 bookings by status, which is derived, never stored
// (DECISIONS.md "Booking status"). PostgreSQL keeps this copy of shared/src/booking-status.ts's
// deriveBookingStatus in step with the facts, so it can be indexed; booking-status-sql.test.ts
// proves the two agree on every combination of facts. Named derived_status because the Booking
// model's `status` is a getter that an objection row could not be assigned to.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE bookings ADD COLUMN derived_status text GENERATED ALWAYS AS (
      CASE
        WHEN canceled_at IS NOT NULL THEN 'canceled'
        WHEN clock_out_at IS NOT NULL THEN 'completed'
        WHEN clock_in_at IS NOT NULL THEN 'in_progress'
        WHEN en_route_at IS NOT NULL THEN 'en_route'
        WHEN total_amount_cents > 0 AND amount_paid_cents >= total_amount_cents THEN 'fully_paid'
        WHEN deposit_amount_cents > 0 AND amount_paid_cents >= deposit_amount_cents THEN 'deposit_paid'
        WHEN deposit_requested_at IS NOT NULL THEN 'pending_deposit'
        WHEN provider_id IS NOT NULL THEN 'assigned'
        ELSE 'pending_assignment'
      END
    ) STORED`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('derived_status');
  });
}
