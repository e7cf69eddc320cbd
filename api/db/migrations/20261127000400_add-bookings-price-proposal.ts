import type { Knex } from 'knex';

// DECISIONS.md "Final price consent": a carpet or rug price confirmed outside the bounds around
// the estimate is kept here until the client (or an owner) approves it; only then does it become
// the booking's total, so nothing is ever charged above what the client booked or approved.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.integer('proposed_price_cents');
    t.timestamp('price_proposed_at');
    t.uuid('price_proposed_by').references('users.id').onDelete('SET NULL');
    t.timestamp('price_approved_at');
    t.uuid('price_approved_by').references('users.id').onDelete('SET NULL');
    t.check(
      '(proposed_price_cents IS NULL) = (price_proposed_at IS NULL) AND (proposed_price_cents IS NULL OR (proposed_price_cents > 0 AND NOT price_is_final))',
      [],
      'bookings_price_proposal',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_price_proposal']);
    t.dropColumn('price_approved_by');
    t.dropColumn('price_approved_at');
    t.dropColumn('price_proposed_by');
    t.dropColumn('price_proposed_at');
    t.dropColumn('proposed_price_cents');
  });
}
