import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Stored lower-cased so one unique index covers every spelling of an address.
    t.text('email').notNullable().unique();
    t.text('password_hash');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('phone');
    t.text('role').notNullable().defaultTo('client');
    t.text('subscription_type').notNullable().defaultTo('none');
    t.timestamp('email_verified_at');
    t.text('google_subject').unique();
    t.text('payment_customer_id');
    t.timestamps(true, true);
    t.check("email = lower(email) AND position('@' in email) > 1", [], 'users_email_format');
    t.check("role IN ('client', 'provider', 'admin_owner', 'admin_staff')", [], 'users_role');
    t.check("subscription_type IN ('none', 'standard', 'senior')", [], 'users_subscription_type');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
