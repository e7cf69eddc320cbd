import type { Knex } from 'knex';

// A phone clock 25 days off overflowed a 32-bit millisecond offset; the punch schema bounds device
// times to the years 2000–2099, whose offsets a bigint holds with room to spare.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE provider_events ALTER COLUMN clock_offset_ms TYPE bigint');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE provider_events ALTER COLUMN clock_offset_ms TYPE integer
      USING greatest(least(clock_offset_ms, 2147483647), -2147483648)`);
}
