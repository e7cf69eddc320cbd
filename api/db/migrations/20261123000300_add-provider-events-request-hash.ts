import type { Knex } from 'knex';

// The fingerprint of the request an Idempotency-Key first named, so the same key with other
// parameters is refused instead of answered with the first answer. Null for older rows, which
// then match any repeat of their key.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_events', (t) => {
    t.text('request_hash');
    t.check(
      "request_hash IS NULL OR request_hash ~ '^[0-9a-f]{64}$'",
      [],
      'provider_events_request_hash',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_events', (t) => {
    t.dropChecks('provider_events_request_hash');
    t.dropColumn('request_hash');
  });
}
