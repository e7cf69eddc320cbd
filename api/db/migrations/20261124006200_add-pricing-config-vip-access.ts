import type { Knex } from 'knex';

// How long VIP providers see an auction-board job alone (DECISIONS.md "Admin operations",
// default 2 h), edited with the other figures; the kept versions gain it at its default, so
// the first save after this names only what the owner changed.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing_config', (t) => {
    t.integer('vip_access_minutes').notNullable().defaultTo(120);
    t.check('vip_access_minutes BETWEEN 0 AND 720', [], 'pricing_config_vip_access');
  });
  await knex.raw(
    `UPDATE pricing_versions SET config = config || '{"vipAccessMinutes": 120}'::jsonb
     WHERE config -> 'vipAccessMinutes' IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("UPDATE pricing_versions SET config = config - 'vipAccessMinutes'");
  await knex.schema.alterTable('pricing_config', (t) => {
    t.dropChecks(['pricing_config_vip_access']);
    t.dropColumn('vip_access_minutes');
  });
}
