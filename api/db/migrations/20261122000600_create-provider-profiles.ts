import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_profiles', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.uuid('application_id').references('provider_applications.id').onDelete('SET NULL');
    t.text('bio');
    t.text('home_zip_code');
    // Null until a client rates a job: the portal shows N/A then.
    t.decimal('rating', 2, 1);
    t.integer('hourly_rate_cents').notNullable().defaultTo(2500);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.check('rating IS NULL OR rating BETWEEN 1 AND 5', [], 'provider_profiles_rating');
    t.check('hourly_rate_cents > 0', [], 'provider_profiles_rate');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provider_profiles');
}
