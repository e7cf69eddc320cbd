import type { Knex } from 'knex';

// A photo's width and height (columns since create-photos, never written until issue 29) let
// every page keep its space while it loads: both known and positive, or both unknown (a photo
// stored before, or a picture whose header cannot be read).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.check(
      '(width IS NULL AND height IS NULL) OR (width BETWEEN 1 AND 100000 AND height BETWEEN 1 AND 100000)',
      [],
      'photos_size_px',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.dropChecks('photos_size_px');
  });
}
