import type { Knex } from 'knex';

// A provider's rating is now the average of their newest 50 ratings (api/src/modules/ratings/
// summary.ts); the profile's own column, set only by the seed, would be a second answer.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_profiles', (t) => {
    t.dropChecks(['provider_profiles_rating']);
    t.dropColumn('rating');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_profiles', (t) => {
    t.decimal('rating', 2, 1);
    t.check('rating IS NULL OR rating BETWEEN 1 AND 5', [], 'provider_profiles_rating');
  });
}
