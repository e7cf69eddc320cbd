import type { Knex } from 'knex';

// An owner's refund outside a cancellation (goodwill, a complaint) lowers what the booking
// costs by the same amount (DECISIONS.md "Final price consent"), so it never leaves a balance to
// pay. The total stays explained by its parts: base + green cleaning + add-ons, less goodwill.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.integer('goodwill_refund_cents').notNullable().defaultTo(0);
    t.check('goodwill_refund_cents >= 0', [], 'bookings_goodwill_refund');
    t.dropChecks(['bookings_total']);
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.check(
      'total_amount_cents = base_amount_cents + green_cleaning_fee_cents + add_ons_total_cents - goodwill_refund_cents',
      [],
      'bookings_total',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  // The older rule cannot explain a lowered total: the goodwill goes back into the total.
  await knex.raw(
    'UPDATE bookings SET total_amount_cents = total_amount_cents + goodwill_refund_cents WHERE goodwill_refund_cents > 0',
  );
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_total', 'bookings_goodwill_refund']);
    t.dropColumn('goodwill_refund_cents');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.check(
      'total_amount_cents = base_amount_cents + green_cleaning_fee_cents + add_ons_total_cents',
      [],
      'bookings_total',
    );
  });
}
