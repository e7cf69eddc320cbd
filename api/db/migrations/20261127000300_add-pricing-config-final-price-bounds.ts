import type { Knex } from 'knex';

// DECISIONS.md "Final price consent": a carpet or rug price confirmed between these percents of
// the estimate (75 % and 125 % by default) takes effect at once; outside them it waits for the
// client's approval. Edited with the other figures; the kept versions gain them at their
// defaults, so the first save after this names only what the owner changed.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing_config', (t) => {
    t.integer('final_price_min_percent').notNullable().defaultTo(75);
    t.integer('final_price_max_percent').notNullable().defaultTo(125);
    t.check(
      'final_price_min_percent BETWEEN 0 AND 100 AND final_price_max_percent BETWEEN 100 AND 1000',
      [],
      'pricing_config_final_price_bounds',
    );
  });
  await knex.raw(
    `UPDATE pricing_versions
     SET config = config || '{"finalPriceMinPercent": 75, "finalPriceMaxPercent": 125}'::jsonb
     WHERE config -> 'finalPriceMinPercent' IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    "UPDATE pricing_versions SET config = config - 'finalPriceMinPercent' - 'finalPriceMaxPercent'",
  );
  await knex.schema.alterTable('pricing_config', (t) => {
    t.dropChecks(['pricing_config_final_price_bounds']);
    t.dropColumn('final_price_min_percent');
    t.dropColumn('final_price_max_percent');
  });
}
