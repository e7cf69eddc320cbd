import type { Knex } from 'knex';

// outbound_emails becomes the mail outbox: a message is queued inside the transaction of what
// caused it and delivered afterwards, tried again with backoff while SMTP is down. Its transport
// is known only once a process delivers it, so a queued row has none yet.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.text('transport').nullable().alter();
    t.integer('attempts').notNullable().defaultTo(0);
    // When a queued message may next be tried; a claim moves it on by the sender's lease.
    t.timestamp('next_attempt_at');
    // What a message carries beyond its bodies, for the process that delivers it later.
    t.text('reply_to');
    t.jsonb('headers');
  });
  await knex.schema.raw(
    "CREATE INDEX outbound_emails_queued ON outbound_emails (next_attempt_at) WHERE status = 'queued'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.raw('DROP INDEX outbound_emails_queued');
  await knex('outbound_emails').whereNull('transport').update({ transport: 'smtp' });
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.dropColumn('headers');
    t.dropColumn('reply_to');
    t.dropColumn('next_attempt_at');
    t.dropColumn('attempts');
    t.text('transport').notNullable().alter();
  });
}
