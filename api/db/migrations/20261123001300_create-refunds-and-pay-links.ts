import type { Knex } from 'knex';

// The client portal's payments (DECISIONS.md "Payments"): each refund is its own record with a
// receipt; each payment request has a pay link, kept as a hash of its token; the card a payment
// was made with is shown on receipts; the balance request is sent once, 24 h before the visit.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.text('card_last4');
    t.check("card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'", [], 'payments_card_last4');
  });
  await knex.schema.createTable('refunds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('payment_id').notNullable().references('payments.id').onDelete('RESTRICT').index();
    t.text('gateway_refund_id').notNullable().unique();
    // Who decided it and why, as one key: the same decision never refunds twice.
    t.text('key').notNullable().unique();
    t.integer('amount_cents').notNullable();
    t.text('reason').notNullable();
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.check('amount_cents > 0', [], 'refunds_amount');
  });
  await knex.schema.createTable('payment_links', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE').index();
    // sha256 of the 32-byte token: a database leak does not hand out working links.
    t.text('token_hash').notNullable().unique();
    t.text('purpose').notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.check("purpose IN ('deposit', 'balance', 'full')", [], 'payment_links_purpose');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.timestamp('balance_requested_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('balance_requested_at');
  });
  await knex.schema.dropTable('payment_links');
  await knex.schema.dropTable('refunds');
  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_card_last4']);
    t.dropColumn('card_last4');
  });
}
