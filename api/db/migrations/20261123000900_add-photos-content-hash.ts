import type { Knex } from 'knex';

// A photo uuid is an idempotency key: a re-sent upload must carry the same picture, which the
// hash of its bytes tells without reading the stored file.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.text('content_sha256');
    t.check("content_sha256 IS NULL OR content_sha256 ~ '^[0-9a-f]{64}$'", [], 'photos_sha256');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.dropChecks('photos_sha256');
    t.dropColumn('content_sha256');
  });
}
