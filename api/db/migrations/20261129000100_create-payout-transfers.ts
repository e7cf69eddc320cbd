import type { Knex } from 'knex';

// DECISIONS.md "Payouts" (issue 33). A provider's payout account lives at the gateway (a Stripe
// Connect Express account, or the LocalGateway's test-mode account); we keep its state. The
// weekly run claims one transfer per provider and week (the unique key is the claim), freezes
// what it pays in transfer lines, then sends it; payouts it covers are paid when it is.

const WEEKLY = {
  payoutWeekday: 1,
  payoutHour: 8,
  necThresholdCents: 200000,
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payout_accounts', (t) => {
    t.uuid('provider_id').primary().references('users.id').onDelete('CASCADE');
    t.text('gateway').notNullable();
    /** acct_… at Stripe, lacct_… at the LocalGateway. */
    t.text('account_id').notNullable().unique();
    t.boolean('details_submitted').notNullable().defaultTo(false);
    t.boolean('payouts_enabled').notNullable().defaultTo(false);
    /** The gateway's requirement codes still due (Stripe's requirements.currently_due). */
    t.jsonb('requirements_due').notNullable().defaultTo('[]');
    t.text('disabled_reason');
    t.text('bank_last4');
    t.timestamps(true, true);
    t.check("gateway IN ('local', 'stripe')", [], 'payout_accounts_gateway');
  });

  // Only where we collect them (the LocalGateway); Stripe collects its own. The TIN is sealed with
  // the data key (security/data-cipher.ts) and only its last four are ever shown.
  await knex.schema.createTable('provider_tax_details', (t) => {
    t.uuid('provider_id').primary().references('users.id').onDelete('CASCADE');
    t.text('legal_name').notNullable();
    t.text('address_line1').notNullable();
    t.text('address_line2');
    t.text('city').notNullable();
    t.text('state').notNullable();
    t.text('zip').notNullable();
    t.text('tin_kind').notNullable();
    t.text('tin_sealed').notNullable();
    t.text('tin_last4').notNullable();
    t.timestamps(true, true);
    t.check("tin_kind IN ('ssn', 'ein')", [], 'provider_tax_details_tin_kind');
  });

  // The LocalGateway's side: its accounts and the transfers it made (as Stripe keeps its own).
  await knex.schema.createTable('local_gateway_accounts', (t) => {
    t.text('id').primary();
    t.uuid('provider_id').notNullable().unique();
    t.text('email').notNullable();
    /** Null until the test-mode form gives a bank account. */
    t.text('routing_number');
    t.text('bank_last4');
    /** The test bank account's behaviour, as test cards have theirs. */
    t.text('outcome');
    t.text('idempotency_key').notNullable().unique();
    t.check("outcome IN ('succeeds', 'fails')", [], 'local_gateway_accounts_outcome');
    t.timestamps(true, true);
  });
  await knex.schema.createTable('local_gateway_transfers', (t) => {
    t.text('id').primary();
    t.text('account_id').notNullable().references('local_gateway_accounts.id');
    t.integer('amount_cents').notNullable();
    t.text('transfer_group').notNullable().index();
    t.text('idempotency_key').notNullable().unique();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount_cents > 0', [], 'local_gateway_transfers_amount');
  });

  await knex.schema.createTable('payout_transfers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('provider_id').notNullable().references('users.id');
    /** The Monday (America/Chicago) of the week the run pays for. */
    t.date('week_start').notNullable();
    t.integer('amount_cents').notNullable();
    /** The part of amount_cents that is tips. */
    t.integer('tip_cents').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('pending');
    t.text('gateway').notNullable();
    t.text('account_id').notNullable();
    t.text('gateway_transfer_id').unique();
    t.integer('attempts').notNullable().defaultTo(0);
    /**
     * Which idempotency key the next attempt uses: moved on only after a refusal (the gateway
     * keeps a refusal under its key), so an attempt whose outcome is unknown is replayed, never
     * made anew beside one still in flight.
     */
    t.integer('key_attempt').notNullable().defaultTo(1);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** The gateway's reason for the last refusal; cleared when it is sent. */
    t.text('failure_message');
    t.timestamp('sent_at', { useTz: true });
    /** When the money is expected in the provider's bank (two business days after sent_at). */
    t.date('arrival_date');
    t.uuid('canceled_by').references('users.id');
    t.timestamps(true, true);
    t.unique(['provider_id', 'week_start']);
    t.index(['status', 'next_attempt_at']);
    t.check("status IN ('pending', 'paid', 'failed', 'canceled')", [], 'payout_transfers_status');
    t.check(
      'amount_cents > 0 AND tip_cents >= 0 AND tip_cents <= amount_cents',
      [],
      'payout_transfers_amounts',
    );
  });

  // What a transfer pays, frozen at the claim: a payout's pay (0 when only a tip owed is paid)
  // and tip. The sum of a transfer's lines is its amount.
  await knex.schema.createTable('payout_transfer_lines', (t) => {
    t.uuid('transfer_id').notNullable().references('payout_transfers.id').onDelete('CASCADE');
    t.uuid('payout_id').notNullable().references('payouts.id');
    t.integer('pay_cents').notNullable();
    t.integer('tip_cents').notNullable();
    t.primary(['transfer_id', 'payout_id']);
    t.index('payout_id');
    t.check(
      'pay_cents >= 0 AND tip_cents >= 0 AND pay_cents + tip_cents > 0',
      [],
      'payout_transfer_lines_amounts',
    );
  });

  await knex.schema.alterTable('payouts', (t) => {
    /** The transfer that pays (or paid) this payout's pay; null when paid by hand or unpaid. */
    t.uuid('transfer_id').references('payout_transfers.id').index();
  });

  await knex.schema.alterTable('pricing_config', (t) => {
    /** ISO weekday (1 = Monday) and hour, America/Chicago, of the weekly transfers. */
    t.integer('payout_weekday').notNullable().defaultTo(WEEKLY.payoutWeekday);
    t.integer('payout_hour').notNullable().defaultTo(WEEKLY.payoutHour);
    /** The 1099-NEC reporting threshold for payments from 2026 on ($600 before). */
    t.integer('nec_threshold_cents').notNullable().defaultTo(WEEKLY.necThresholdCents);
    t.check(
      'payout_weekday BETWEEN 1 AND 7 AND payout_hour BETWEEN 0 AND 23 AND nec_threshold_cents >= 0',
      [],
      'pricing_config_payout_schedule',
    );
  });
  await knex.raw(
    `UPDATE pricing_versions SET config = config || ?::jsonb
     WHERE config -> 'payoutWeekday' IS NULL`,
    [JSON.stringify(WEEKLY)],
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    "UPDATE pricing_versions SET config = config - 'payoutWeekday' - 'payoutHour' - 'necThresholdCents'",
  );
  await knex.schema.alterTable('pricing_config', (t) => {
    t.dropChecks(['pricing_config_payout_schedule']);
    t.dropColumn('payout_weekday');
    t.dropColumn('payout_hour');
    t.dropColumn('nec_threshold_cents');
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.dropColumn('transfer_id');
  });
  await knex.schema.dropTable('payout_transfer_lines');
  await knex.schema.dropTable('payout_transfers');
  await knex.schema.dropTable('local_gateway_transfers');
  await knex.schema.dropTable('local_gateway_accounts');
  await knex.schema.dropTable('provider_tax_details');
  await knex.schema.dropTable('payout_accounts');
}
