import type { Knex } from 'knex';

// Issue 34, DECISIONS.md "Service area and promotions": discount codes the owner creates, priced on
// the server. A code's use is counted on its row (an UPDATE … WHERE uses < max_uses that one
// booking wins) and recorded once per booking; the booking keeps the amount it took off, which
// its total is explained by beside goodwill refunds.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('discount_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    /** Upper-case, as typed without spaces: SPRING25. */
    t.text('code').notNullable().unique();
    t.text('kind').notNullable();
    t.integer('percent_off');
    t.integer('amount_off_cents');
    /** The services it applies to; empty: every service. */
    t.specificType('service_types', 'text[]').notNullable().defaultTo('{}');
    t.boolean('first_booking_only').notNullable().defaultTo(false);
    /** Chicago calendar days, both included; null: open-ended. */
    t.date('starts_on');
    t.date('ends_on');
    t.integer('max_uses');
    t.integer('max_uses_per_client');
    t.integer('uses').notNullable().defaultTo(0);
    t.boolean('active').notNullable().defaultTo(true);
    t.uuid('created_by').references('users.id');
    t.timestamps(true, true);
    t.check("code ~ '^[A-Z0-9-]{3,20}$'", [], 'discount_codes_code');
    t.check(
      "(kind = 'percent' AND percent_off BETWEEN 1 AND 100 AND amount_off_cents IS NULL) OR " +
        "(kind = 'fixed' AND amount_off_cents > 0 AND percent_off IS NULL)",
      [],
      'discount_codes_kind',
    );
    t.check('max_uses IS NULL OR uses <= max_uses', [], 'discount_codes_uses');
    t.check('max_uses IS NULL OR max_uses > 0', [], 'discount_codes_max_uses');
    t.check(
      'max_uses_per_client IS NULL OR max_uses_per_client > 0',
      [],
      'discount_codes_max_uses_per_client',
    );
    t.check(
      'starts_on IS NULL OR ends_on IS NULL OR starts_on <= ends_on',
      [],
      'discount_codes_dates',
    );
  });

  await knex.schema.createTable('discount_redemptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('code_id').notNullable().references('discount_codes.id').index();
    t.uuid('booking_id').notNullable().unique().references('bookings.id').onDelete('CASCADE');
    /** Who used it: the booking's e-mail (lower-case), for the per-client limit guests share. */
    t.text('client_email').notNullable();
    t.uuid('client_id').references('users.id');
    t.integer('discount_cents').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['code_id', 'client_email']);
    t.check('discount_cents >= 0', [], 'discount_redemptions_cents');
  });

  await knex.schema.alterTable('bookings', (t) => {
    t.integer('discount_cents').notNullable().defaultTo(0);
    t.check('discount_cents >= 0', [], 'bookings_discount');
    t.dropChecks(['bookings_total']);
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.check(
      'total_amount_cents = base_amount_cents + green_cleaning_fee_cents + add_ons_total_cents - goodwill_refund_cents - discount_cents',
      [],
      'bookings_total',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'UPDATE bookings SET total_amount_cents = total_amount_cents + discount_cents WHERE discount_cents > 0',
  );
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_total', 'bookings_discount']);
    t.dropColumn('discount_cents');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.check(
      'total_amount_cents = base_amount_cents + green_cleaning_fee_cents + add_ons_total_cents - goodwill_refund_cents',
      [],
      'bookings_total',
    );
  });
  await knex.schema.dropTable('discount_redemptions');
  await knex.schema.dropTable('discount_codes');
}
