import type { Knex } from 'knex';

// The live pricing row names the version it holds: a save checks it (the owner's form sends the
// version it edited) and moves it on in the transaction that adds the version, so the row every
// price is read from and the history never disagree.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing_config', (t) => {
    t.integer('version').notNullable().defaultTo(1).references('pricing_versions.version');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing_config', (t) => {
    t.dropForeign(['version']);
    t.dropColumn('version');
  });
}
