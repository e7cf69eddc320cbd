import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_applications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable().index();
    t.text('phone').notNullable();
    t.text('experience').notNullable();
    t.text('availability').notNullable();
    t.text('why_join').notNullable();
    t.text('status').notNullable().defaultTo('submitted');
    t.uuid('reviewed_by').references('users.id').onDelete('SET NULL');
    t.timestamp('reviewed_at');
    t.timestamps(true, true);
    t.check(
      "status IN ('submitted', 'interview', 'background_check', 'approved', 'rejected')",
      [],
      'provider_applications_status',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provider_applications');
}
