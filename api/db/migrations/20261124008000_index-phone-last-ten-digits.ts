import type { Knex } from 'knex';

// A phone's duplicate check compares its last ten digits, so "+1 612 555 0142" and
// "612-555-0142" are one number (North American numbers, with or without the country code).
// The expression must stay the one in admin-applications/list.ts, or the lookups stop using it.
const LAST_TEN = "right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)";
const ALL_DIGITS = "regexp_replace(phone, '[^0-9]', '', 'g')";

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS users_phone_digits');
  await knex.raw('DROP INDEX IF EXISTS provider_applications_phone_digits');
  await knex.raw(`CREATE INDEX users_phone_digits ON users ((${LAST_TEN}))`);
  await knex.raw(
    `CREATE INDEX provider_applications_phone_digits ON provider_applications ((${LAST_TEN}))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS users_phone_digits');
  await knex.raw('DROP INDEX IF EXISTS provider_applications_phone_digits');
  await knex.raw(`CREATE INDEX users_phone_digits ON users ((${ALL_DIGITS}))`);
  await knex.raw(
    `CREATE INDEX provider_applications_phone_digits ON provider_applications ((${ALL_DIGITS}))`,
  );
}
