import type { Knex } from 'knex';

// The provider-applications page flags an applicant whose phone (its digits, however typed) is
// already an account's; this finds that account without reading every user.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "CREATE INDEX IF NOT EXISTS users_phone_digits ON users ((regexp_replace(phone, '[^0-9]', '', 'g')))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS users_phone_digits');
}
