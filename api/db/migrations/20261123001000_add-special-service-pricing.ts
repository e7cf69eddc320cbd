import type { Knex } from 'knex';

// DECISIONS.md "Special services": the dry cleaning & rug list's per-item prices and the
// provider's share of a fixed-price job live in the pricing row with every other price; a carpet
// or rug booking keeps the estimate it was booked at beside the price confirmed after pickup.
const ITEM_CENTS = {
  shirt: 600,
  pants: 800,
  suit_jacket: 1200,
  dress: 1400,
  suit_2piece: 2000,
  coat: 1800,
  sweater: 800,
  tie: 500,
  bedding: 3000,
  rug_small: 5000,
  rug_medium: 8000,
  rug_large: 12000,
  rug_persian: 15000,
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing_config', (t) => {
    t.jsonb('dry_cleaning_item_cents').notNullable().defaultTo(JSON.stringify(ITEM_CENTS));
    t.smallint('provider_share_percent').notNullable().defaultTo(60);
    t.check('provider_share_percent BETWEEN 0 AND 100', [], 'pricing_config_provider_share');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.integer('estimated_amount_cents');
    t.check(
      'estimated_amount_cents IS NULL OR estimated_amount_cents >= 0',
      [],
      'bookings_estimate_non_negative',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks('bookings_estimate_non_negative');
    t.dropColumn('estimated_amount_cents');
  });
  await knex.schema.alterTable('pricing_config', (t) => {
    t.dropChecks('pricing_config_provider_share');
    t.dropColumn('provider_share_percent');
    t.dropColumn('dry_cleaning_item_cents');
  });
}
