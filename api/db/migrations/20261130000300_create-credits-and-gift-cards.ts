import type { Knex } from 'knex';

// Issue 34, DECISIONS.md "Service area and promotions": referral credit and gift cards. Both are
// balance the client spends before the card is charged, never cash: a booking keeps what each
// took off its total (credit_cents, gift_card_cents), and cancelling it gives them back.
const REFERRAL = { referralCreditCents: 2000, referrerCreditCents: 2000 };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing_config', (t) => {
    /** What a client who books through a friend's link gets off their first visit. */
    t.integer('referral_credit_cents').notNullable().defaultTo(REFERRAL.referralCreditCents);
    /** What the friend gets once that visit is completed. */
    t.integer('referrer_credit_cents').notNullable().defaultTo(REFERRAL.referrerCreditCents);
    t.check('referral_credit_cents >= 0', [], 'pricing_referral_credit');
    t.check('referrer_credit_cents >= 0', [], 'pricing_referrer_credit');
  });
  await knex.raw(
    `UPDATE pricing_versions SET config = config || ?::jsonb
     WHERE config -> 'referralCreditCents' IS NULL`,
    [JSON.stringify(REFERRAL)],
  );

  await knex.schema.createTable('referral_links', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('code').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("code ~ '^[A-Z0-9]{8}$'", [], 'referral_links_code');
  });

  // One per referred client, whatever happens to it: a refused one names the rule it broke.
  await knex.schema.createTable('referrals', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('referrer_id').notNullable().references('users.id').index();
    t.uuid('referred_id').notNullable().unique().references('users.id');
    t.uuid('booking_id').references('bookings.id').onDelete('SET NULL');
    t.text('refused_reason');
    t.timestamp('referrer_credited_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('referrer_id <> referred_id', [], 'referrals_not_self');
  });

  // The credit ledger: a client's balance is the sum of their entries.
  await knex.schema.createTable('credit_entries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('users.id').index();
    t.integer('amount_cents').notNullable();
    t.text('kind').notNullable();
    t.uuid('referral_id').references('referrals.id');
    t.uuid('booking_id').references('bookings.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount_cents <> 0', [], 'credit_entries_amount');
    t.check(
      "kind IN ('referral_welcome', 'referral_reward', 'booking', 'booking_released')",
      [],
      'credit_entries_kind',
    );
  });
  // A referral credits each side once, however many processes race to do it.
  await knex.raw(
    'CREATE UNIQUE INDEX credit_entries_referral_once ON credit_entries (referral_id, kind) WHERE referral_id IS NOT NULL',
  );

  await knex.schema.createTable('gift_cards', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    /** The code is a bearer secret: found by its hash, e-mailed from its sealed copy. */
    t.text('code_hash').notNullable().unique();
    t.text('code_sealed').notNullable();
    t.text('code_last4').notNullable();
    t.integer('amount_cents').notNullable();
    t.integer('balance_cents').notNullable();
    t.text('purchaser_name').notNullable();
    t.text('purchaser_email').notNullable();
    t.text('recipient_name').notNullable();
    t.text('recipient_email').notNullable();
    t.text('message').notNullable().defaultTo('');
    /** Chicago calendar day the code is e-mailed to the recipient. */
    t.date('deliver_on').notNullable();
    t.text('status').notNullable().defaultTo('awaiting_payment');
    t.text('gateway').notNullable();
    t.text('gateway_payment_id').unique();
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('voided_at', { useTz: true });
    t.uuid('voided_by').references('users.id');
    t.text('gateway_refund_id');
    t.timestamps(true, true);
    t.index(['status', 'deliver_on']);
    t.check('amount_cents BETWEEN 1000 AND 50000', [], 'gift_cards_amount');
    t.check('balance_cents BETWEEN 0 AND amount_cents', [], 'gift_cards_balance');
    t.check("status IN ('awaiting_payment', 'paid', 'void', 'refunded')", [], 'gift_cards_status');
  });

  await knex.schema.createTable('gift_card_redemptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('gift_card_id').notNullable().references('gift_cards.id').index();
    t.uuid('booking_id').notNullable().unique().references('bookings.id').onDelete('CASCADE');
    t.integer('amount_cents').notNullable();
    /** The booking was canceled (or repriced below it) and this much went back on the card. */
    t.integer('released_cents').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount_cents > 0', [], 'gift_card_redemptions_amount');
    t.check('released_cents BETWEEN 0 AND amount_cents', [], 'gift_card_redemptions_released');
  });

  await knex.schema.alterTable('bookings', (t) => {
    t.integer('credit_cents').notNullable().defaultTo(0);
    t.integer('gift_card_cents').notNullable().defaultTo(0);
    t.check('credit_cents >= 0', [], 'bookings_credit');
    t.check('gift_card_cents >= 0', [], 'bookings_gift_card');
    t.dropChecks(['bookings_total']);
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.check(
      'total_amount_cents = base_amount_cents + green_cleaning_fee_cents + add_ons_total_cents - goodwill_refund_cents - discount_cents - credit_cents - gift_card_cents',
      [],
      'bookings_total',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'UPDATE bookings SET total_amount_cents = total_amount_cents + credit_cents + gift_card_cents',
  );
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_total', 'bookings_credit', 'bookings_gift_card']);
    t.dropColumn('credit_cents');
    t.dropColumn('gift_card_cents');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.check(
      'total_amount_cents = base_amount_cents + green_cleaning_fee_cents + add_ons_total_cents - goodwill_refund_cents - discount_cents',
      [],
      'bookings_total',
    );
  });
  await knex.schema.dropTable('gift_card_redemptions');
  await knex.schema.dropTable('gift_cards');
  await knex.schema.dropTable('credit_entries');
  await knex.schema.dropTable('referrals');
  await knex.schema.dropTable('referral_links');
  await knex.raw(
    "UPDATE pricing_versions SET config = config - 'referralCreditCents' - 'referrerCreditCents'",
  );
  await knex.schema.alterTable('pricing_config', (t) => {
    t.dropChecks(['pricing_referral_credit', 'pricing_referrer_credit']);
    t.dropColumn('referral_credit_cents');
    t.dropColumn('referrer_credit_cents');
  });
}
