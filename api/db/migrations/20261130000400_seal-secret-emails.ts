import type { Knex } from 'knex';

// Issue 34: a gift card's delivery e-mail carries its code, a bearer secret. Its bodies wait in
// the outbox sealed under the data key (api/src/security/data-cipher.ts) and are opened only to
// send, so a database dump reads no spendable code.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.boolean('sealed').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.dropColumn('sealed');
  });
}
