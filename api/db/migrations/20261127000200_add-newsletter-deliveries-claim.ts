import type { Knex } from 'knex';

// A worker claims a newsletter copy (a short transaction), mails it with no transaction open,
// then records it: a claim older than the lease is a worker that died mid-send, taken over.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_deliveries', (t) => {
    t.timestamp('claimed_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_deliveries', (t) => {
    t.dropColumn('claimed_at');
  });
}
